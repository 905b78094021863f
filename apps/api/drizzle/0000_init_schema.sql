CREATE TABLE "subjects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_user" (
	"class_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_user_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"grade" text NOT NULL,
	"subject_id" text NOT NULL,
	"join_token" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_join_token_unique" UNIQUE("join_token")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"class_id" text NOT NULL,
	"due_date" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"allow_late_submissions" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"feedback_template" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('draft', 'published', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"submission_id" text,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploader_label" text,
	CONSTRAINT "submission_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "submission_files_task_id_sha256_uq" UNIQUE("task_id","sha256"),
	CONSTRAINT "submission_files_size_check" CHECK ("submission_files"."size" >= 0),
	CONSTRAINT "submission_files_sha256_check" CHECK ("submission_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "submission_files_pages_check" CHECK ("submission_files"."pages" is null or "submission_files"."pages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"student_id" uuid,
	"path" text,
	"solution" text,
	"feedback" text,
	"status" text DEFAULT 'offen' NOT NULL,
	"uploaded_at" timestamp with time zone,
	"feedback_token" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_feedback_token_unique" UNIQUE("feedback_token"),
	CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('offen', 'abgegeben', 'inKorrektur', 'korrigiert', 'ausgeteilt', 'error'))
);
--> statement-breakpoint
CREATE TABLE "user_profile" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"meta_data" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profile_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('teacher', 'organization_member'))
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"criteria" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_source_criteria" (
	"id" text PRIMARY KEY NOT NULL,
	"skill_group_id" text NOT NULL,
	"value" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_details" (
	"skill_detail_id" text PRIMARY KEY NOT NULL,
	"skill_id" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"score" integer NOT NULL,
	"requirements" text,
	"example" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_details_score_check" CHECK ("skill_details"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "skill_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_x_skill_group" (
	"skill_id" text NOT NULL,
	"group_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_x_skill_group_skill_id_group_id_pk" PRIMARY KEY("skill_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"max_score" integer NOT NULL,
	"group_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_max_score_check" CHECK ("skills"."max_score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task_x_skill_group" (
	"task_id" text NOT NULL,
	"skill_group_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_x_skill_group_task_id_skill_group_id_pk" PRIMARY KEY("task_id","skill_group_id")
);
--> statement-breakpoint
CREATE TABLE "skill_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"skill_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"score" integer DEFAULT -1 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"proof" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendation" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_feedback_skill_id_submission_id_uq" UNIQUE("skill_id","submission_id"),
	CONSTRAINT "skill_feedback_score_check" CHECK ("skill_feedback"."score" >= -1)
);
--> statement-breakpoint
CREATE TABLE "skill_group_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"skill_group_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_group_feedback_skill_group_id_submission_id_uq" UNIQUE("skill_group_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"link_to" text,
	"receiver_user_id" uuid NOT NULL,
	"created_by" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_delta_check" CHECK ("coin_ledger"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "class_user" ADD CONSTRAINT "class_user_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_source_criteria" ADD CONSTRAINT "raw_source_criteria_skill_group_id_skill_groups_id_fk" FOREIGN KEY ("skill_group_id") REFERENCES "public"."skill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_details" ADD CONSTRAINT "skill_details_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_x_skill_group" ADD CONSTRAINT "skill_x_skill_group_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_x_skill_group" ADD CONSTRAINT "skill_x_skill_group_group_id_skill_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."skill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_group_id_skill_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."skill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_x_skill_group" ADD CONSTRAINT "task_x_skill_group_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_x_skill_group" ADD CONSTRAINT "task_x_skill_group_skill_group_id_skill_groups_id_fk" FOREIGN KEY ("skill_group_id") REFERENCES "public"."skill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD CONSTRAINT "skill_feedback_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD CONSTRAINT "skill_feedback_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_group_feedback" ADD CONSTRAINT "skill_group_feedback_skill_group_id_skill_groups_id_fk" FOREIGN KEY ("skill_group_id") REFERENCES "public"."skill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_group_feedback" ADD CONSTRAINT "skill_group_feedback_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subjects_created_by_updated_at_idx" ON "subjects" USING btree ("created_by","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "class_user_user_id_idx" ON "class_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "classes_created_by_updated_at_idx" ON "classes" USING btree ("created_by","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "classes_subject_id_idx" ON "classes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_created_at_idx" ON "tasks" USING btree ("created_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_class_id_idx" ON "tasks" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "submission_files_submission_id_idx" ON "submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_task_id_student_id_uq" ON "submissions" USING btree ("task_id","student_id") WHERE "submissions"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "submissions_task_id_idx" ON "submissions" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "submissions_student_id_idx" ON "submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "clusters_created_by_updated_at_idx" ON "clusters" USING btree ("created_by","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "raw_source_criteria_skill_group_id_idx" ON "raw_source_criteria" USING btree ("skill_group_id");--> statement-breakpoint
CREATE INDEX "skill_details_skill_id_idx" ON "skill_details" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skill_groups_created_by_idx" ON "skill_groups" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "skill_x_skill_group_group_id_idx" ON "skill_x_skill_group" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "skills_group_id_idx" ON "skills" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "task_x_skill_group_skill_group_id_idx" ON "task_x_skill_group" USING btree ("skill_group_id");--> statement-breakpoint
CREATE INDEX "skill_feedback_submission_id_idx" ON "skill_feedback" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "skill_group_feedback_submission_id_idx" ON "skill_group_feedback" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "notifications_receiver_user_id_created_at_idx" ON "notifications" USING btree ("receiver_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coin_ledger_user_id_idx" ON "coin_ledger" USING btree ("user_id");