DROP TABLE "print_jobs" CASCADE;--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;