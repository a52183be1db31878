CREATE TABLE "menu_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"created_by" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"planned" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pos_sync_status" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"synced_at" timestamp with time zone,
	"outcome" text,
	"failed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "pos_sync_status_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
