CREATE TABLE "pdf_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"error" text,
	"file_name" text,
	"storage_key" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pdf_exports_format_check" CHECK ("pdf_exports"."format" in ('pdf', 'zip')),
	CONSTRAINT "pdf_exports_status_check" CHECK ("pdf_exports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "pdf_exports" ADD CONSTRAINT "pdf_exports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_exports_task_id_idx" ON "pdf_exports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "pdf_exports_created_at_idx" ON "pdf_exports" USING btree ("created_at");