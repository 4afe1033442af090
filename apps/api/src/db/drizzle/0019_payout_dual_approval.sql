-- Four eyes on large payments (issue 25 item 7, decision 027). No backfill: payouts recorded
-- before this migration predate the rule (approval_required false).
ALTER TABLE "transactions" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "offer_made_by" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_offer_made_by_users_id_fk" FOREIGN KEY ("offer_made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_approval_check" CHECK (("transactions"."approved_by" is null) = ("transactions"."approved_at" is null) and ("transactions"."approved_at" is null or "transactions"."approval_required"));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_approver_not_offer_maker_check" CHECK ("transactions"."approved_by" is null or "transactions"."offer_made_by" is null or "transactions"."approved_by" <> "transactions"."offer_made_by");