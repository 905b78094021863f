CREATE TABLE "grade_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"skill_id" text,
	"skill_name" text NOT NULL,
	"actor" text NOT NULL,
	"teacher_id" uuid,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"from_score" integer NOT NULL,
	"to_score" integer NOT NULL,
	CONSTRAINT "grade_changes_actor_check" CHECK ("grade_changes"."actor" in ('ai', 'teacher')),
	CONSTRAINT "grade_changes_teacher_check" CHECK (("grade_changes"."actor" = 'ai') = ("grade_changes"."teacher_id" is null))
);
--> statement-breakpoint
CREATE TABLE "grading_views" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"viewed_by" uuid NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_views" ADD CONSTRAINT "grading_views_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_changes_submission_id_at_idx" ON "grade_changes" USING btree ("submission_id","at");