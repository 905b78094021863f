-- Realtime change events (ARCHITECTURE.md §2, PRODUCT.md §3): every row change of the tables a teacher
-- watches live is announced on channel kz_realtime, delivered at commit to every API process that LISTENs
-- (plugins/app/realtime.ts). The payload stays small (NOTIFY allows < 8000 bytes): the owner the event is
-- for, the row's keys and the few columns a list needs; clients fetch the rest through the REST API. A row
-- whose owner cannot be found any more (a file of a task deleted in the same statement) is not announced.
CREATE OR REPLACE FUNCTION kz_notify_realtime() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  owner uuid;
  keys jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  CASE TG_TABLE_NAME
    WHEN 'submissions' THEN
      owner := r.created_by;
      keys := jsonb_build_object('id', r.id, 'task_id', r.task_id, 'student_id', r.student_id,
        'status', r.status, 'updated_at', r.updated_at);
    WHEN 'submission_files' THEN
      SELECT t.created_by INTO owner FROM tasks t WHERE t.id = r.task_id;
      keys := jsonb_build_object('id', r.id, 'task_id', r.task_id, 'submission_id', r.submission_id);
    WHEN 'skill_feedback' THEN
      owner := r.created_by;
      keys := jsonb_build_object('id', r.id, 'skill_id', r.skill_id, 'submission_id', r.submission_id,
        'score', r.score);
    WHEN 'skill_group_feedback' THEN
      owner := r.created_by;
      keys := jsonb_build_object('id', r.id, 'group_id', r.skill_group_id, 'submission_id', r.submission_id);
    WHEN 'notifications' THEN
      owner := r.receiver_user_id;
      keys := jsonb_build_object('id', r.id, 'type', r.type, 'title', r.title, 'read_at', r.read_at);
  END CASE;
  IF owner IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('kz_realtime', jsonb_build_object(
    'table', TG_TABLE_NAME,
    'type', TG_OP,
    'owner', owner,
    'at', clock_timestamp(),
    'record', keys
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER submissions_realtime AFTER INSERT OR UPDATE OR DELETE ON submissions
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
--> statement-breakpoint
CREATE TRIGGER submission_files_realtime AFTER INSERT OR UPDATE OR DELETE ON submission_files
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
--> statement-breakpoint
CREATE TRIGGER skill_feedback_realtime AFTER INSERT OR UPDATE OR DELETE ON skill_feedback
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
--> statement-breakpoint
CREATE TRIGGER skill_group_feedback_realtime AFTER INSERT OR UPDATE OR DELETE ON skill_group_feedback
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
--> statement-breakpoint
CREATE TRIGGER notifications_realtime AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
