/** GET /api/dev/mailbox (demo mode without SMTP, `mailbox.read`): the latest 100 mails, newest first. */
export interface LocalMail {
  id: number;
  to: string;
  subject: string;
  /** The plain-text part; links in it are shown as links. */
  text: string;
  receivedAt: string;
}
