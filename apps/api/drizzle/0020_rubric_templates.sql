CREATE TABLE "rubric_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"grade" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"school_key" text,
	"content" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubric_templates_visibility_check" CHECK ("rubric_templates"."visibility" in ('private', 'school'))
);
--> statement-breakpoint
CREATE INDEX "rubric_templates_created_by_idx" ON "rubric_templates" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "rubric_templates_school_key_idx" ON "rubric_templates" USING btree ("school_key");