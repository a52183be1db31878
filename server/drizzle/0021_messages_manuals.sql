CREATE TABLE "manuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"video_url" text,
	"seed_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manuals_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" jsonb NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"surfaces" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_ends_at_idx" ON "messages" USING btree ("ends_at");--> statement-breakpoint
-- A message write changes what the shop shows: bump the catalogue version and notify, as for the catalogue
-- tables (0001_catalog_change_notify.sql), so every instance's open screens hear of it.
CREATE TRIGGER "messages_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "messages" FOR EACH STATEMENT EXECUTE FUNCTION bakje_catalog_changed();
