import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { localMailbox } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import { MAIL_JOB_KIND, type OutgoingMail } from './outbox.js';

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

/**
 * Sends queued mail (jobs of kind "mail", one lane): 1, 2, 4 ... minutes between attempts, at most an hour,
 * 8 attempts. A failure only schedules a retry and never reaches the request that queued the mail.
 */
export function mailJobHandler(transport: MailTransport, from: string): JobHandler<OutgoingMail & { html: string | null }> {
  return {
    kind: MAIL_JOB_KIND,
    maxAttempts: MAX_ATTEMPTS,
    backoff: { baseMs: 60_000, maxMs: 3600_000 },
    async handle(job) {
      const mail = job.payload;
      await transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    // The template, not the address: the dashboard shows no personal data.
    describe: (mail) => ({ template: mail.kind }),
  };
}
