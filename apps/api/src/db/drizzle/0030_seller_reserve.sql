ALTER TABLE "submissions" ADD COLUMN "reserve" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reserve_payout" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reserve_met_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_reserve_payout_check" CHECK (("submissions"."reserve" is null or "submissions"."reserve" > 0 and "submissions"."reserve_payout" is not null) and ("submissions"."reserve_met_at" is null or "submissions"."reserve" is not null));