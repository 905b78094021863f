CREATE TABLE "class_teachers" (
	"class_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "class_teachers_class_id_user_id_pk" PRIMARY KEY("class_id","user_id"),
	CONSTRAINT "class_teachers_role_check" CHECK ("class_teachers"."role" in ('view', 'grade', 'manage')),
	CONSTRAINT "class_teachers_status_check" CHECK ("class_teachers"."status" in ('pending', 'accepted'))
);
--> statement-breakpoint
ALTER TABLE "grade_changes" ADD COLUMN "teacher_name" text;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_teachers_user_id_idx" ON "class_teachers" USING btree ("user_id","status");--> statement-breakpoint
-- Co-teaching: a change of a class's hand-ins, files or grading is announced to every teacher of the class —
-- its owner and the colleagues who accepted — not only to the row's creator; a change of who teaches a class
-- (class_teachers) to the colleague concerned and the class's teachers, so a removed colleague's open page
-- learns at once that it has lost access. The payload carries `owners` (a list) instead of `owner`.
CREATE OR REPLACE FUNCTION kz_class_teachers(p_class_id text) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(u), '{}') FROM (
    SELECT c.created_by AS u FROM classes c WHERE c.id = p_class_id
    UNION
    SELECT ct.user_id FROM class_teachers ct WHERE ct.class_id = p_class_id AND ct.status = 'accepted'
  ) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kz_notify_realtime() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  owners uuid[];
  v_class text;
  keys jsonb;
  payload text;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  CASE TG_TABLE_NAME
    WHEN 'submissions' THEN
      owners := ARRAY[r.created_by];
      SELECT t.class_id INTO v_class FROM tasks t WHERE t.id = r.task_id;
      keys := jsonb_build_object('id', r.id, 'task_id', r.task_id, 'student_id', r.student_id,
        'status', r.status, 'updated_at', r.updated_at);
    WHEN 'submission_files' THEN
      SELECT ARRAY[t.created_by], t.class_id INTO owners, v_class FROM tasks t WHERE t.id = r.task_id;
      keys := jsonb_build_object('id', r.id, 'task_id', r.task_id, 'submission_id', r.submission_id);
    WHEN 'skill_feedback' THEN
      owners := ARRAY[r.created_by];
      SELECT t.class_id INTO v_class FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE s.id = r.submission_id;
      keys := jsonb_build_object('id', r.id, 'skill_id', r.skill_id, 'submission_id', r.submission_id,
        'score', r.score);
    WHEN 'skill_group_feedback' THEN
      owners := ARRAY[r.created_by];
      SELECT t.class_id INTO v_class FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE s.id = r.submission_id;
      keys := jsonb_build_object('id', r.id, 'group_id', r.skill_group_id, 'submission_id', r.submission_id);
    WHEN 'notifications' THEN
      owners := ARRAY[r.receiver_user_id];
      keys := jsonb_build_object('id', r.id, 'type', left(r.type, 200), 'title', left(r.title, 200),
        'read_at', r.read_at);
    WHEN 'class_teachers' THEN
      owners := ARRAY[r.user_id];
      v_class := r.class_id;
      keys := jsonb_build_object('id', r.class_id || ':' || r.user_id, 'class_id', r.class_id,
        'user_id', r.user_id, 'role', r.role, 'status', r.status);
  END CASE;
  IF v_class IS NOT NULL THEN
    owners := owners || kz_class_teachers(v_class);
  END IF;
  SELECT array_agg(DISTINCT o) INTO owners FROM unnest(owners) o WHERE o IS NOT NULL;
  IF owners IS NULL THEN RETURN NULL; END IF;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'owners', to_jsonb(owners),
    'at', clock_timestamp(), 'record', keys)::text;
  IF octet_length(payload) >= 8000 THEN
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'owners', to_jsonb(owners),
      'at', clock_timestamp(), 'record', jsonb_build_object('id', keys->'id'))::text;
  END IF;
  PERFORM pg_notify('kz_realtime', payload);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER class_teachers_realtime AFTER INSERT OR UPDATE OR DELETE ON class_teachers
  FOR EACH ROW EXECUTE FUNCTION kz_notify_realtime();
--> statement-breakpoint
-- The cached lists of classes, tasks and subjects (ADR 011) depend on who teaches a class.
CREATE TRIGGER class_teachers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_teachers
  FOR EACH STATEMENT EXECUTE FUNCTION kz_notify_table_changed();
