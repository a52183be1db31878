/**
 * How deep the HTTP fuzz properties go (docs/decisions/0072-fuzz-depth-per-run.md). Every run of `npm test` runs
 * a tenth of the deep number of cases (a fifth until decision 0079) with a fresh random seed, so successive runs cover new inputs while the
 * suite stays inside its time budget; `BAKJE_FUZZ=deep` runs them all. fast-check prints the seed and path of a
 * failing case; `BAKJE_FUZZ_SEED=<seed>` replays it.
 */
const deep = process.env.BAKJE_FUZZ === 'deep';
const seed = process.env.BAKJE_FUZZ_SEED === undefined ? undefined : Number(process.env.BAKJE_FUZZ_SEED);
if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`BAKJE_FUZZ_SEED must be an integer, not "${process.env.BAKJE_FUZZ_SEED}".`);

/** The number of cases for a property whose deep run has `deepRuns` cases. */
export function fuzzRuns(deepRuns: number): number {
  return deep ? deepRuns : Math.max(20, Math.round(deepRuns / 10));
}

/** fast-check options for such a property: its number of cases, and the replayed seed when one is given. */
export function fuzzOptions(deepRuns: number): { numRuns: number; seed?: number } {
  return seed === undefined ? { numRuns: fuzzRuns(deepRuns) } : { numRuns: fuzzRuns(deepRuns), seed };
}

/**
 * The rounds of a race or restart test (many customers at once, or kill -9 and start again, round after round):
 * `everyRun` in each `npm test`, `deepRounds` with `BAKJE_FUZZ=deep`. Each round stands on its own, so a few
 * rounds per run still prove the rule every time.
 */
export function raceRounds(deepRounds: number, everyRun: number): number {
  return deep ? deepRounds : everyRun;
}
