CREATE TABLE "offer_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"weight" numeric(12, 4) NOT NULL,
	"weight_unit" text NOT NULL,
	"material" text,
	"purity_percent" numeric(6, 3),
	"test_method" text,
	"reference_price" numeric(14, 4),
	"reference_unit" text,
	"price_source" text,
	"priced_at" timestamp with time zone,
	"percent_paid" numeric(5, 2),
	"proposed_amount" numeric(12, 2),
	"amount" numeric(12, 2) NOT NULL,
	"reason" text,
	CONSTRAINT "offer_lines_material_check" CHECK ("offer_lines"."material" is null or "offer_lines"."material" in ('gold-24k', 'gold-18k', 'gold-14k', 'gold-10k', 'silver', 'platinum', 'palladium', 'diamond', 'ruby', 'sapphire', 'emerald')),
	CONSTRAINT "offer_lines_weight_unit_check" CHECK ("offer_lines"."weight_unit" in ('grams', 'oz', 'dwt', 'carats')),
	CONSTRAINT "offer_lines_test_method_check" CHECK ("offer_lines"."test_method" is null or "offer_lines"."test_method" in ('scale', 'xrf', 'acid', 'loupe', 'lab-report')),
	CONSTRAINT "offer_lines_reference_unit_check" CHECK ("offer_lines"."reference_unit" is null or "offer_lines"."reference_unit" in ('gram', 'carat')),
	CONSTRAINT "offer_lines_basis_whole_check" CHECK (num_nulls("offer_lines"."material", "offer_lines"."purity_percent", "offer_lines"."test_method", "offer_lines"."reference_price", "offer_lines"."reference_unit", "offer_lines"."price_source", "offer_lines"."priced_at", "offer_lines"."percent_paid") in (0, 8)),
	CONSTRAINT "offer_lines_weight_check" CHECK ("offer_lines"."weight" > 0),
	CONSTRAINT "offer_lines_purity_check" CHECK ("offer_lines"."purity_percent" > 0 and "offer_lines"."purity_percent" <= 100),
	CONSTRAINT "offer_lines_percent_paid_check" CHECK ("offer_lines"."percent_paid" >= 0 and "offer_lines"."percent_paid" <= 100),
	CONSTRAINT "offer_lines_amount_check" CHECK ("offer_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counter_amount" numeric(12, 2),
	"counter_message" text,
	"countered_at" timestamp with time zone,
	"counter_status" text,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('open', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "offers_counter_status_check" CHECK ("offers"."counter_status" is null or "offers"."counter_status" in ('open', 'accepted', 'answered')),
	CONSTRAINT "offers_total_check" CHECK ("offers"."total" > 0),
	CONSTRAINT "offers_counter_whole_check" CHECK (("offers"."counter_amount" is null) = ("offers"."countered_at" is null) and ("offers"."counter_amount" is null) = ("offers"."counter_status" is null))
);
--> statement-breakpoint
CREATE TABLE "payout_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"min_percent" numeric(5, 2) NOT NULL,
	"max_percent" numeric(5, 2) NOT NULL,
	"set_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_rates_item_type_check" CHECK ("payout_rates"."item_type" in ('gold-24k', 'gold-18k', 'gold-14k', 'gold-10k', 'silver', 'platinum', 'palladium', 'diamond', 'ruby', 'sapphire', 'emerald')),
	CONSTRAINT "payout_rates_range_check" CHECK (0 <= "payout_rates"."min_percent" and "payout_rates"."min_percent" <= "payout_rates"."max_percent" and "payout_rates"."max_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "submissions" DROP CONSTRAINT "submissions_status_check";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "quote_basis" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "insured_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "return_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_rates" ADD CONSTRAINT "payout_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_lines_offer_position_idx" ON "offer_lines" USING btree ("offer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_submission_version_idx" ON "offers" USING btree ("submission_id","version");--> statement-breakpoint
CREATE INDEX "offers_open_valid_until_idx" ON "offers" USING btree ("valid_until") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payout_rates_item_created_idx" ON "payout_rates" USING btree ("item_type","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_material_check" CHECK ("submissions"."material" is null or "submissions"."material" in ('gold-24k', 'gold-18k', 'gold-14k', 'gold-10k', 'silver', 'platinum', 'palladium', 'diamond', 'ruby', 'sapphire', 'emerald'));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('new', 'appraising', 'offered', 'completed', 'returning', 'returned'));--> statement-breakpoint
-- Offers made before itemised offers existed become version 1, one line that is only the amount.
-- An offer still open gets the full validity (7 days, OFFER_VALID_DAYS' default) from now, so that
-- no seller's offer lapses because of an upgrade.
INSERT INTO "offers" ("id", "submission_id", "version", "status", "total", "valid_until", "created_at")
SELECT 'offer-' || "id" || '-1', "id", 1,
  CASE "status" WHEN 'completed' THEN 'accepted' WHEN 'returned' THEN 'declined' ELSE 'open' END,
  "final_offer",
  greatest(coalesce("offered_at", "updated_at") + interval '7 days', now() + interval '7 days'),
  coalesce("offered_at", "updated_at")
FROM "submissions" WHERE "final_offer" > 0;--> statement-breakpoint
INSERT INTO "offer_lines" ("id", "offer_id", "position", "description", "weight", "weight_unit", "amount")
SELECT 'line-' || "id" || '-1', 'offer-' || "id" || '-1', 1, "description",
  coalesce(nullif("actual_weight", 0), "estimated_weight"), "weight_unit", "final_offer"
FROM "submissions" WHERE "final_offer" > 0;
