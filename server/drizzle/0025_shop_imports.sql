CREATE TABLE "import_links" (
	"source" text NOT NULL,
	"entity" text NOT NULL,
	"source_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	CONSTRAINT "import_links_source_entity_source_id_pk" PRIMARY KEY("source","entity","source_id")
);
--> statement-breakpoint
CREATE TABLE "shop_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"consumer_key" text,
	"consumer_secret" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
