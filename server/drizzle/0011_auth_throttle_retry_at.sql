DROP INDEX "auth_throttle_window_idx";--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "retry_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_throttle_retry_idx" ON "auth_throttle" USING btree ("retry_at");