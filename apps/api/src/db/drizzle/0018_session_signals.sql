-- Every change to a session or an account row is signalled on the change channel (the same one
-- as db/change-signals.ts), delivered when its transaction commits, so that each instance drops the
-- sessions of that user it keeps in memory (modules/users/session-cache.ts). Triggers rather than
-- the writers' own calls: sessions are written by better-auth, accounts also by `npm run admin` and
-- by cascades, and a signal forgotten anywhere would keep a signed-out session alive. The payload
-- names the user, never a session token. Inserts need no signal: a new session is not cached yet.
CREATE OR REPLACE FUNCTION assay_signal_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('assay_changes', 'account:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('assay_changes', 'account:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_signal_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION assay_signal_account_change();
--> statement-breakpoint
CREATE TRIGGER users_signal_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION assay_signal_account_change();
