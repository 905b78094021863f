CREATE TABLE "school_directory_schools" (
	"state" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"search_text" text NOT NULL,
	CONSTRAINT "school_directory_schools_state_id_pk" PRIMARY KEY("state","id"),
	CONSTRAINT "school_directory_schools_state_len" CHECK (length("school_directory_schools"."state") = 2)
);
--> statement-breakpoint
CREATE TABLE "school_directory_states" (
	"state" text PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone,
	"refresh_started_at" timestamp with time zone
);
