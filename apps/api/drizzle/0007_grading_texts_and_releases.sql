CREATE TABLE "feedback_releases" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_reason" text;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_recommendation" text;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "texts_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_texts_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_releases" ADD CONSTRAINT "feedback_releases_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rows the AI wrote so far: their texts are the AI's (the teacher could not edit texts before).
UPDATE "skill_feedback" SET "ai_reason" = "reason", "ai_recommendation" = "recommendation" WHERE "ai_score" IS NOT NULL;
