CREATE TABLE "catalog_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "date_on_sale_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "date_on_sale_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_changes_entity_idx" ON "catalog_changes" USING btree ("entity_type","entity_id","id");