-- Order event ids come from this counter row, taken under its row lock by the writing transaction, so ids
-- are committed in increasing order. Every new event row notifies 'bakje_order_events' with its id when the
-- transaction commits; each server instance then reads the rows after the last id it has seen.
INSERT INTO "versions" ("name", "version") VALUES ('order_events', 0) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bakje_order_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bakje_order_events', NEW.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_notify AFTER INSERT ON "order_events" FOR EACH ROW EXECUTE FUNCTION bakje_order_event_notify();
