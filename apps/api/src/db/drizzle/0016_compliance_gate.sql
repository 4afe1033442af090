CREATE TABLE "seller_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"typed_name" text NOT NULL,
	"statement_version" text NOT NULL,
	"statement_text" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "compliance_rule" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "disposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_statements" ADD CONSTRAINT "seller_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_statements" ADD CONSTRAINT "seller_statements_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_statements_submission_version_idx" ON "seller_statements" USING btree ("submission_id","statement_version");--> statement-breakpoint
CREATE INDEX "seller_statements_user_idx" ON "seller_statements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "seller_statements_signed_idx" ON "seller_statements" USING btree ("signed_at" desc);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_disposition_check" CHECK ("submissions"."disposition" is null or "submissions"."disposition" in ('melt', 'resell', 'consign'));