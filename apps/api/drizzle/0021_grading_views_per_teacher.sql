-- One grading view per teacher and submission (co-teaching, ADR 037): a colleague's view neither counts for
-- nor overwrites another teacher's.
ALTER TABLE "grading_views" DROP CONSTRAINT "grading_views_pkey";--> statement-breakpoint
ALTER TABLE "grading_views" ADD CONSTRAINT "grading_views_submission_id_viewed_by_pk" PRIMARY KEY("submission_id","viewed_by");
