ALTER TABLE "orders" ADD COLUMN "fire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "asap" boolean DEFAULT false NOT NULL;