ALTER TABLE "media" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "file_name" text;