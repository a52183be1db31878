CREATE TABLE "station_bumps" (
	"order_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"bumped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_bumps_order_id_station_id_pk" PRIMARY KEY("order_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "station_categories" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"printer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_bumps" ADD CONSTRAINT "station_bumps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_bumps" ADD CONSTRAINT "station_bumps_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_categories" ADD CONSTRAINT "station_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_categories" ADD CONSTRAINT "station_categories_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_products" ADD CONSTRAINT "station_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_products" ADD CONSTRAINT "station_products_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_categories_station_idx" ON "station_categories" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "station_products_station_idx" ON "station_products" USING btree ("station_id");