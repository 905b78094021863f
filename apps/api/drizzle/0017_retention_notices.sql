CREATE TABLE "retention_notices" (
	"class_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_notices_class_id_due_at_pk" PRIMARY KEY("class_id","due_at")
);
--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;