// GET /api/jobs and POST /api/jobs/{id}/retry: the background jobs of every kind (server/src/jobs/).

export const jobStatuses = ['queued', 'running', 'done', 'failed', 'skipped'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** What a job is about, from its handler (a ticket: order, ticket, copy; a mail: its template). */
export type JobAbout = Record<string, string | number | null>;

export interface JobView {
  id: number;
  kind: string;
  lane: string;
  status: JobStatus;
  attempts: number;
  /** The current or last attempt took over an interrupted one. */
  interrupted: boolean;
  lastError: string | null;
  idempotencyKey: string | null;
  about: JobAbout;
  createdAt: string;
  nextAttemptAt: string;
  finishedAt: string | null;
}

/** Jobs per kind and state, over the whole table. */
export type JobCounts = Record<string, Partial<Record<JobStatus, number>>>;

export interface JobList {
  jobs: JobView[];
  counts: JobCounts;
}

export interface RetriedJob {
  job: JobView;
}
