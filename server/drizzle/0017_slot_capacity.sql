ALTER TABLE "slot_bookings" DROP CONSTRAINT "slot_bookings_booked_within_capacity";--> statement-breakpoint
ALTER TABLE "slot_bookings" ALTER COLUMN "capacity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "items_booked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "items_capacity" integer;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "amount_booked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "amount_capacity" integer;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "capacity_mode" text DEFAULT 'orders' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "max_items" integer;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "max_amount" integer;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "blocked_dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "slot_items" = coalesce((SELECT sum("quantity") FROM "order_lines" WHERE "order_lines"."order_id" = "orders"."id"), 0), "slot_amount" = greatest("total" - "shipping_total", 0) WHERE "slot_id" IS NOT NULL;--> statement-breakpoint
UPDATE "slot_bookings" SET "items_booked" = coalesce((SELECT sum("slot_items") FROM "orders" WHERE "orders"."slot_id" = "slot_bookings"."slot_id" AND "orders"."slot_start" = "slot_bookings"."starts_at" AND "orders"."status" <> 'cancelled'), 0), "amount_booked" = coalesce((SELECT sum("slot_amount") FROM "orders" WHERE "orders"."slot_id" = "slot_bookings"."slot_id" AND "orders"."slot_start" = "slot_bookings"."starts_at" AND "orders"."status" <> 'cancelled'), 0);--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_items_within_capacity" CHECK ("slot_bookings"."items_booked" >= 0 and ("slot_bookings"."items_capacity" is null or "slot_bookings"."items_booked" <= "slot_bookings"."items_capacity"));--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_amount_within_capacity" CHECK ("slot_bookings"."amount_booked" >= 0 and ("slot_bookings"."amount_capacity" is null or "slot_bookings"."amount_booked" <= "slot_bookings"."amount_capacity"));--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_booked_within_capacity" CHECK ("slot_bookings"."booked" >= 0 and ("slot_bookings"."capacity" is null or "slot_bookings"."booked" <= "slot_bookings"."capacity"));