ALTER TABLE "categories" ADD COLUMN "age_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "age_limit" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "age_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_lang" text;