CREATE TABLE "kiosk_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"terminal_id" text DEFAULT '' NOT NULL,
	"printer_id" integer,
	"fulfilment" jsonb NOT NULL,
	"payment_methods" jsonb NOT NULL,
	"idle_seconds" integer DEFAULT 45 NOT NULL,
	"countdown_seconds" integer DEFAULT 20 NOT NULL,
	"attract_seconds" integer DEFAULT 60 NOT NULL,
	"confirmation_seconds" integer DEFAULT 30 NOT NULL,
	"print_counter_orders_at_once" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosk_pairings" ADD CONSTRAINT "kiosk_pairings_device_id_kiosk_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kiosk_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_devices_token_key" ON "kiosk_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_token_key" ON "kiosk_pairings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_code_idx" ON "kiosk_pairings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_expires_idx" ON "kiosk_pairings" USING btree ("expires_at");