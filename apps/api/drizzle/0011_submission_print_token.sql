ALTER TABLE "submissions" ADD COLUMN "print_token" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_print_token_unique" UNIQUE("print_token");