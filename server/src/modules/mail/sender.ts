import nodemailer from 'nodemailer';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { localMailbox, mailOutbox } from '../../db/schema/index.js';
import type { Logger } from '../../logger.js';

export interface MailTransport {
  send(mail: { from: string; to: string; subject: string; text: string; html: string | null }): Promise<void>;
}

/** Real SMTP (nodemailer): smtp://user:pass@host:587 or smtps://... */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, html: mail.html ?? undefined });
    },
  };
}

/** Demo mode without SMTP settings: mails land in the local mailbox table, listed at /dev/mailbox. */
export function localMailboxTransport(db: Db, clock: () => Date): MailTransport {
  return {
    async send(mail) {
      await db.insert(localMailbox).values({ ...mail, receivedAt: clock() });
    },
  };
}

export const MAX_ATTEMPTS = 8;
/** 1, 2, 4 ... minutes between attempts, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers the outbox. Each mail is claimed (locked for a minute) before sending, so several instances
 * can run a sender; a failure only schedules a retry and never reaches the request that queued the mail.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: Logger,
    private readonly clock: () => Date,
  ) {}

  start(intervalMs = 5000): void {
    // A database hiccup must not become an unhandled rejection (which would end the process): log, retry next tick.
    this.timer = setInterval(() => void this.flush().catch((err: unknown) => this.log.warn({ err }, 'mail outbox run failed')), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due now; returns how many were sent. Overlapping calls share one run. */
  flush(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<number> {
    let sent = 0;
    for (let i = 0; i < 100; i++) {
      const now = this.clock();
      const [mail] = await this.db
        .update(mailOutbox)
        .set({ lockedUntil: new Date(now.getTime() + 60_000) })
        .where(
          eq(
            mailOutbox.id,
            sql`(select id from ${mailOutbox} where ${and(
              eq(mailOutbox.status, 'pending'),
              lte(mailOutbox.nextAttemptAt, now),
              or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
            )} order by ${asc(mailOutbox.id)} limit 1 for update skip locked)`,
          ),
        )
        .returning();
      if (!mail) break;
      try {
        await this.transport.send({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await this.db.update(mailOutbox).set({ status: 'sent', sentAt: this.clock(), attempts: mail.attempts + 1, lockedUntil: null, lastError: null }).where(eq(mailOutbox.id, mail.id));
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ mailId: mail.id, attempts, err: message }, 'mail not sent; will retry');
        await this.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 500),
            lockedUntil: null,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(this.clock().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return sent;
  }
}
