import type { JobList, JobStatus, JobView } from '@bakje/contract';
import type { IntlShape } from 'react-intl';

/** The order of the counts table's columns. */
export const JOB_STATUSES = ['queued', 'running', 'failed', 'skipped', 'done'] as const satisfies readonly JobStatus[];

export type Job = JobView;
export type JobsAnswer = JobList;

export const jobsKey = ['dashboard', 'jobs'] as const;

/** The status filter's choices: what needs attention (the default), or one state. */
export const STATUS_FILTERS = {
  open: 'queued,running,failed,skipped',
  failed: 'failed,skipped',
  queued: 'queued,running',
  done: 'done',
} as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

const known = (intl: IntlShape, id: string, fallback: string) => (intl.messages[id] ? intl.formatMessage({ id }) : fallback);

/** The job's kind in the staff's language ("Afdrukken", "Mail"); an unknown kind by its name. */
export function kindName(intl: IntlShape, kind: string): string {
  return known(intl, `dashboard.jobs.kind.${kind}`, kind);
}

/** What the job is about, in words: "Keukenbon (2) van bestelling 12", "Orderbevestiging". */
export function aboutText(intl: IntlShape, job: Job): string {
  const about = job.about;
  if (job.kind === 'print' && typeof about.orderId === 'number') {
    const ticket =
      intl.formatMessage({ id: `dashboard.printing.kind.${about.ticket === 'customer' ? 'customer' : 'kitchen'}` }) +
      (typeof about.copy === 'number' && about.copy > 1 ? ` (${about.copy})` : '');
    const order = intl.formatMessage({ id: 'dashboard.jobs.order' }, { id: about.orderId });
    return intl.formatMessage({ id: 'dashboard.jobs.ticketOf' }, { ticket, order });
  }
  if (job.kind === 'mail' && typeof about.template === 'string') return known(intl, `dashboard.jobs.mail.${about.template}`, about.template);
  // An SMS or a push to a customer: which message, of which order (never the number, the endpoint or the text).
  if ((job.kind === 'sms' || job.kind === 'push') && typeof about.orderId === 'number' && typeof about.notification === 'string') {
    const message = known(intl, `dashboard.notifications.kind.${about.notification}`, about.notification);
    return intl.formatMessage(
      { id: 'dashboard.jobs.ticketOf' },
      { ticket: message, order: intl.formatMessage({ id: 'dashboard.jobs.order' }, { id: about.orderId }) },
    );
  }
  return Object.entries(about)
    .map(([key, value]) => `${key}: ${value ?? ''}`)
    .join(', ');
}
