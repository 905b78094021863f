-- Realtime announcements within NOTIFY's limit (payloads of 8000 bytes or more fail, and with them the
-- statement that changed the row): a notification's title goes out shortened to 200 characters, and should
-- an announcement still be too long it carries only the row's id (clients fetch the row through the REST
-- API either way). Otherwise as in 0005.
CREATE OR REPLACE FUNCTION kz_notify_realtime() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  owner uuid;
  keys jsonb;
  payload text;
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
      keys := jsonb_build_object('id', r.id, 'type', left(r.type, 200), 'title', left(r.title, 200),
        'read_at', r.read_at);
  END CASE;
  IF owner IS NULL THEN RETURN NULL; END IF;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'owner', owner,
    'at', clock_timestamp(), 'record', keys)::text;
  IF octet_length(payload) >= 8000 THEN
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'owner', owner,
      'at', clock_timestamp(), 'record', jsonb_build_object('id', r.id))::text;
  END IF;
  PERFORM pg_notify('kz_realtime', payload);
  RETURN NULL;
END
$$;
