CREATE TABLE "submission_counts" (
	"status" text NOT NULL,
	"category" text NOT NULL,
	"requires_kyc" boolean NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "submissions_status_category_created_idx" ON "submissions" USING btree ("status","category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_pending_deadline_idx" ON "submissions" USING btree ("guarantee_deadline") WHERE "submissions"."status" in ('new', 'appraising');