-- Moves the print jobs and the mail outbox into the one jobs table (docs/decisions/0009-job-runner.md), keeping
-- ids' order, attempts, due times, leases, errors and idempotency keys. A print job's lane is its printer as
-- the print settings name it now ('print:none' when none is set).
INSERT INTO "jobs" ("kind", "lane", "payload", "status", "attempts", "next_attempt_at", "claimed_by", "lease_until", "last_error", "result", "idempotency_key", "created_at", "finished_at")
SELECT 'print',
  'print:' || coalesce(nullif(trim(s."value" ->> (CASE WHEN p."kind" = 'customer' THEN 'customerPrinter' ELSE 'kitchenPrinter' END)), ''), 'none'),
  jsonb_build_object('orderId', p."order_id", 'ticket', p."kind", 'copy', p."copy"),
  CASE p."status" WHEN 'pending' THEN 'queued' WHEN 'printing' THEN 'running' ELSE p."status" END,
  p."attempts", p."next_attempt_at", p."claimed_by", p."lease_until", p."last_error",
  CASE WHEN p."printer" IS NULL THEN NULL ELSE jsonb_build_object('printer', p."printer", 'externalJobId', p."external_job_id") END,
  p."idempotency_key", p."created_at", p."done_at"
FROM "print_jobs" p LEFT JOIN "settings" s ON s."key" = 'printing'
ORDER BY p."id";
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "lane", "payload", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "created_at", "finished_at")
SELECT 'mail', 'mail',
  jsonb_build_object('kind', m."kind", 'to', m."to", 'subject', m."subject", 'text', m."text", 'html', m."html"),
  CASE m."status" WHEN 'pending' THEN 'queued' WHEN 'sent' THEN 'done' ELSE 'failed' END,
  m."attempts", m."next_attempt_at", NULL, m."last_error", m."created_at",
  CASE m."status" WHEN 'sent' THEN m."sent_at" WHEN 'failed' THEN coalesce(m."sent_at", m."next_attempt_at") END
FROM "mail_outbox" m
ORDER BY m."id";
