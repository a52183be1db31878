-- Every new login session records the account's last login (user_last_logins), so the staff list keeps
-- it after housekeeping deletes ended sessions. Hand-written: drizzle-kit does not generate triggers.
CREATE OR REPLACE FUNCTION bakje_record_last_login() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_last_logins (user_id, last_login_at) VALUES (NEW.user_id, NEW.created_at)
  ON CONFLICT (user_id) DO UPDATE SET last_login_at = GREATEST(user_last_logins.last_login_at, EXCLUDED.last_login_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_last_login AFTER INSERT ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION bakje_record_last_login();
--> statement-breakpoint
-- Sessions that exist already count too.
INSERT INTO user_last_logins (user_id, last_login_at)
  SELECT user_id, max(created_at) FROM auth_sessions GROUP BY user_id
  ON CONFLICT (user_id) DO NOTHING;
