CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"copy" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"printer" text,
	"external_job_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulated_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"printer" text NOT NULL,
	"idempotency_key" text,
	"title" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_idempotency_key" ON "print_jobs" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "simulated_tickets_received_idx" ON "simulated_tickets" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_tickets_key" ON "simulated_tickets" USING btree ("printer","idempotency_key");