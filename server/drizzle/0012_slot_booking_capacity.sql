-- Existing bookings get their slot's places, or what is already booked should a manager have lowered them since.
ALTER TABLE "slot_bookings" ADD COLUMN "capacity" integer;--> statement-breakpoint
UPDATE "slot_bookings" SET "capacity" = greatest("booked", coalesce((SELECT "max_orders" FROM "time_slots" WHERE "time_slots"."id" = "slot_bookings"."slot_id"), 0));--> statement-breakpoint
ALTER TABLE "slot_bookings" ALTER COLUMN "capacity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_booked_within_capacity" CHECK ("slot_bookings"."booked" >= 0 and "slot_bookings"."booked" <= "slot_bookings"."capacity");
