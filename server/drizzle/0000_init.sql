CREATE TABLE "addon_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"global_addon_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"display" text DEFAULT 'radiobutton' NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"nl":""}'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"price_type" text DEFAULT 'quantity_based' NOT NULL,
	"max_length" integer
);
--> statement-breakpoint
CREATE TABLE "addon_option_allergens" (
	"option_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "addon_option_allergens_option_id_allergen_id_pk" PRIMARY KEY("option_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "addon_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"field_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"label" jsonb NOT NULL,
	"price" integer,
	"price_type" text DEFAULT 'quantity_based' NOT NULL,
	"image_id" integer
);
--> statement-breakpoint
CREATE TABLE "allergens" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"order_by" text DEFAULT 'menu_order' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"nl":""}'::jsonb NOT NULL,
	"parent_id" integer,
	"custom_order" integer DEFAULT 0 NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"image_id" integer,
	"cloudpos_category_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_addon_categories" (
	"global_addon_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "global_addon_categories_global_addon_id_category_id_pk" PRIMARY KEY("global_addon_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "global_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"priority" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"src" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"mime_type" text DEFAULT 'image/svg+xml' NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_allergens" (
	"product_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "product_allergens_product_id_allergen_id_pk" PRIMARY KEY("product_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"attribute_id" integer,
	"name" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"variation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_attributes_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_gallery" (
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_gallery_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_links" (
	"product_id" integer NOT NULL,
	"linked_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_links_product_id_linked_id_kind_pk" PRIMARY KEY("product_id","linked_id","kind")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"slug" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"nl":""}'::jsonb NOT NULL,
	"short_description" jsonb DEFAULT '{"nl":""}'::jsonb NOT NULL,
	"regular_price" integer,
	"sale_price" integer,
	"purchase_price" integer DEFAULT 0 NOT NULL,
	"stock_status" text DEFAULT 'IN_STOCK' NOT NULL,
	"manage_stock" boolean DEFAULT false NOT NULL,
	"stock_quantity" integer,
	"low_stock_amount" integer,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"show_in_store" boolean DEFAULT true NOT NULL,
	"catalog_visibility" text DEFAULT 'visible' NOT NULL,
	"is_promotion" boolean DEFAULT false NOT NULL,
	"max_quantity" integer,
	"vat_rate_takeaway" integer DEFAULT 6 NOT NULL,
	"vat_rate_on_site" integer DEFAULT 12 NOT NULL,
	"image_id" integer,
	"external_url" text,
	"button_text" text,
	"weight" text,
	"length" text,
	"width" text,
	"height" text,
	"total_sales" integer DEFAULT 0 NOT NULL,
	"variation_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cloudpos_product_id" text,
	"meta_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer,
	"author" text NOT NULL,
	"author_email" text NOT NULL,
	"content" text NOT NULL,
	"rating" integer NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addon_fields" ADD CONSTRAINT "addon_fields_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_fields" ADD CONSTRAINT "addon_fields_global_addon_id_global_addons_id_fk" FOREIGN KEY ("global_addon_id") REFERENCES "public"."global_addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_option_allergens" ADD CONSTRAINT "addon_option_allergens_option_id_addon_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."addon_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_option_allergens" ADD CONSTRAINT "addon_option_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_options" ADD CONSTRAINT "addon_options_field_id_addon_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."addon_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_options" ADD CONSTRAINT "addon_options_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_terms" ADD CONSTRAINT "attribute_terms_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_addon_categories" ADD CONSTRAINT "global_addon_categories_global_addon_id_global_addons_id_fk" FOREIGN KEY ("global_addon_id") REFERENCES "public"."global_addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_addon_categories" ADD CONSTRAINT "global_addon_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gallery" ADD CONSTRAINT "product_gallery_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gallery" ADD CONSTRAINT "product_gallery_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_linked_id_products_id_fk" FOREIGN KEY ("linked_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addon_fields_product_idx" ON "addon_fields" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "addon_fields_global_idx" ON "addon_fields" USING btree ("global_addon_id");--> statement-breakpoint
CREATE INDEX "addon_options_field_idx" ON "addon_options" USING btree ("field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "allergens_code_key" ON "allergens" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_terms_slug_key" ON "attribute_terms" USING btree ("attribute_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_slug_key" ON "attributes" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_menu_order_idx" ON "products" USING btree ("menu_order");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id");