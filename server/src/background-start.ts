import type { StartStep } from './config.js';
import type { Logger } from './logger.js';

/**
 * What a server starts besides answering requests: the virtual printer and the point-of-sale simulator, then
 * the job runner (tickets, mail, payment look-ups and reconciliation). On the embedded database this work
 * once kept a restarted server from ever listening (issue 33 D1); now it starts after the server listens,
 * and a step that hangs holds up no request (docs/decisions/0075-security-defects-d1-d6.md).
 */
export interface BackgroundStep {
  name: StartStep;
  start(): Promise<void>;
}

/** Tests only (BAKJE_TEST_HANG_START_STEP): the named step never ends. */
export async function hangIfAsked(step: StartStep, asked: StartStep | undefined): Promise<void> {
  if (asked === step) await new Promise<never>(() => undefined);
}

export class BackgroundStart {
  private readonly pending = new Set<StartStep>();
  private running: Promise<void> | undefined;

  /** Each phase's steps start together; the next phase once they have all ended (started or failed). */
  constructor(
    private readonly phases: BackgroundStep[][],
    private readonly hang: StartStep | undefined,
  ) {
    for (const phase of phases) for (const step of phase) this.pending.add(step.name);
  }

  /** Runs once; rejects with the first failure after every step has ended. */
  run(): Promise<void> {
    return (this.running ??= this.runPhases());
  }

  private async runPhases(): Promise<void> {
    let failure: unknown;
    for (const phase of this.phases) {
      const results = await Promise.allSettled(
        phase.map(async (step) => {
          try {
            await hangIfAsked(step.name, this.hang);
            await step.start();
          } finally {
            this.pending.delete(step.name);
          }
        }),
      );
      failure ??= results.find((result) => result.status === 'rejected')?.reason;
    }
    if (failure !== undefined) throw failure;
  }

  /** The steps not started yet (the readiness answer names them). */
  starting(): StartStep[] {
    return [...this.pending];
  }

  /** After `ms`, logs the steps still starting as an error (the server keeps serving meanwhile). */
  watch(ms: number, log: Logger): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const starting = this.starting();
      if (starting.length) log.error({ starting, afterMs: ms }, `background start-up still not done after ${Math.round(ms / 1000)} s: ${starting.join(', ')}`);
    }, ms);
    timer.unref();
    return timer;
  }
}

/** The server's background steps: the simulators first, so a leftover ticket goes to the virtual printer's new address. */
export function startingInTurn(
  parts: { printing: { start(): Promise<void> }; pos: { start(): Promise<void> }; jobs: { start(): Promise<void> } },
  hang: StartStep | undefined,
): BackgroundStart {
  return new BackgroundStart(
    [
      [
        { name: 'virtual-printer', start: () => parts.printing.start() },
        { name: 'pos-simulator', start: () => parts.pos.start() },
      ],
      [{ name: 'jobs', start: () => parts.jobs.start() }],
    ],
    hang,
  );
}
