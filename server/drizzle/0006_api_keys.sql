CREATE TABLE "api_key_nonces" (
	"key_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"truncated_key" text NOT NULL,
	"key_hash" text NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_access" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_key_nonces" ADD CONSTRAINT "api_key_nonces_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_nonces_seen_idx" ON "api_key_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "api_keys_truncated_key_idx" ON "api_keys" USING btree ("truncated_key");