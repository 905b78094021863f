ALTER TABLE "skill_feedback" ADD COLUMN "ai_runs" jsonb;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_spread" integer;--> statement-breakpoint
ALTER TABLE "skill_feedback" ADD COLUMN "ai_evidence" jsonb;