-- Every write to a catalogue table bumps versions.catalog and notifies 'bakje_catalog', in the same
-- transaction as the write, so each server instance drops its catalogue cache when the change commits.
INSERT INTO "versions" ("name", "version") VALUES ('catalog', 1) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bakje_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_version bigint;
BEGIN
  UPDATE "versions" SET "version" = "version" + 1 WHERE "name" = 'catalog' RETURNING "version" INTO new_version;
  PERFORM pg_notify('bakje_catalog', new_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['media','categories','products','product_categories','product_gallery','product_links',
    'attributes','attribute_terms','product_attributes','allergens','product_allergens','global_addons',
    'global_addon_categories','addon_fields','addon_options','addon_option_allergens','reviews','settings']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bakje_catalog_changed()', t || '_catalog_changed', t);
  END LOOP;
END;
$$;
