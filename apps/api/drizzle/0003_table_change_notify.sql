-- Per-process caches of list responses (ADR 011) stay correct across API processes: every statement that
-- changes one of these tables announces the table's name on channel kz_table_changed, delivered at commit
-- (Postgres folds duplicates within a transaction). Statement-level, so a bulk insert is one notification.
CREATE OR REPLACE FUNCTION kz_notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kz_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subjects_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION kz_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER classes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON classes
  FOR EACH STATEMENT EXECUTE FUNCTION kz_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION kz_notify_table_changed();
