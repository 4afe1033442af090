CREATE TABLE "submission_items" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"estimated_weight" numeric(12, 4) NOT NULL,
	"weight_unit" text NOT NULL,
	"material" text,
	"stone_choice" text,
	"preliminary_quote_min" numeric(12, 2) NOT NULL,
	"preliminary_quote_max" numeric(12, 2) NOT NULL,
	"declared_value" numeric(12, 2) NOT NULL,
	"outcome" text,
	CONSTRAINT "submission_items_position_check" CHECK ("submission_items"."position" between 1 and 10),
	CONSTRAINT "submission_items_category_check" CHECK ("submission_items"."category" in ('jewelry', 'scrap', 'gems')),
	CONSTRAINT "submission_items_weight_unit_check" CHECK ("submission_items"."weight_unit" in ('grams', 'oz', 'dwt', 'carats')),
	CONSTRAINT "submission_items_weight_check" CHECK ("submission_items"."estimated_weight" > 0),
	CONSTRAINT "submission_items_material_check" CHECK ("submission_items"."material" is null or "submission_items"."material" in ('gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'gold-10k', 'silver', 'platinum', 'palladium', 'diamond', 'ruby', 'sapphire', 'emerald')),
	CONSTRAINT "submission_items_stone_choice_check" CHECK ("submission_items"."stone_choice" is null or "submission_items"."stone_choice" in ('return-stones', 'pay-for-stones', 'melt-with-stones')),
	CONSTRAINT "submission_items_outcome_check" CHECK ("submission_items"."outcome" is null or "submission_items"."outcome" in ('sold', 'returned')),
	CONSTRAINT "submission_items_quote_check" CHECK ("submission_items"."preliminary_quote_min" <= "submission_items"."preliminary_quote_max")
);
--> statement-breakpoint
CREATE TABLE "offer_item_decisions" (
	"offer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"decision" text NOT NULL,
	"counter_amount" numeric(12, 2),
	CONSTRAINT "offer_item_decisions_offer_id_item_id_pk" PRIMARY KEY("offer_id","item_id"),
	CONSTRAINT "offer_item_decisions_decision_check" CHECK ("offer_item_decisions"."decision" in ('accept', 'decline', 'counter')),
	CONSTRAINT "offer_item_decisions_counter_check" CHECK (("offer_item_decisions"."decision" = 'counter') = ("offer_item_decisions"."counter_amount" is not null) and ("offer_item_decisions"."counter_amount" is null or "offer_item_decisions"."counter_amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "submission_images" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "submission_items" ADD CONSTRAINT "submission_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_item_decisions" ADD CONSTRAINT "offer_item_decisions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_item_decisions" ADD CONSTRAINT "offer_item_decisions_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_items_submission_position_idx" ON "submission_items" USING btree ("submission_id","position");--> statement-breakpoint
ALTER TABLE "submission_images" ADD CONSTRAINT "submission_images_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every submission made before items existed is a parcel of one item: item 1 repeats its fields,
-- and its photos and offer lines are item 1's.
INSERT INTO "submission_items" ("id", "submission_id", "position", "category", "description", "estimated_weight", "weight_unit", "material", "preliminary_quote_min", "preliminary_quote_max", "declared_value")
SELECT gen_random_uuid()::text, s."id", 1, s."category", s."description", s."estimated_weight", s."weight_unit", s."material",
  coalesce(s."preliminary_quote_min", 0), greatest(coalesce(s."preliminary_quote_max", 0), coalesce(s."preliminary_quote_min", 0)),
  coalesce(s."declared_value", s."preliminary_quote_max", 0)
FROM "submissions" s;--> statement-breakpoint
UPDATE "submission_images" i SET "item_id" = it."id" FROM "submission_items" it
WHERE it."submission_id" = i."submission_id" AND it."position" = 1 AND i."purpose" = 'submission';--> statement-breakpoint
UPDATE "offer_lines" l SET "item_id" = it."id" FROM "offers" o, "submission_items" it
WHERE o."id" = l."offer_id" AND it."submission_id" = o."submission_id" AND it."position" = 1;
