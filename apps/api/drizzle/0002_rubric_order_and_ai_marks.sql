ALTER TABLE "submissions" ADD COLUMN "correction_error" text;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_x_skill_group" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_score" integer;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "teacher_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skill_group_feedback" ADD COLUMN "ai_feedback" text;--> statement-breakpoint
ALTER TABLE "skill_group_feedback" ADD COLUMN "teacher_edited_at" timestamp with time zone;