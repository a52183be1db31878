CREATE TABLE "pos_sync_status" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"synced_at" timestamp with time zone,
	"outcome" text,
	"failed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "pos_sync_status_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
