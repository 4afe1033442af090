CREATE TABLE "refiner_settlement_lots" (
	"settlement_id" text NOT NULL,
	"melt_lot_id" text NOT NULL,
	"position" integer NOT NULL,
	"pre_melt_grams" numeric(14, 4) NOT NULL,
	"post_melt_grams" numeric(14, 4) NOT NULL,
	"metals" jsonb NOT NULL,
	"gross_cents" bigint NOT NULL,
	"charges_cents" bigint NOT NULL,
	"charges" jsonb NOT NULL,
	"net_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"estimated_fine_grams" numeric(14, 4),
	"actual_fine_grams" numeric(14, 4),
	CONSTRAINT "refiner_settlement_lots_net_check" CHECK ("refiner_settlement_lots"."gross_cents" - "refiner_settlement_lots"."charges_cents" = "refiner_settlement_lots"."net_cents"),
	CONSTRAINT "refiner_settlement_lots_cost_check" CHECK ("refiner_settlement_lots"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refiner_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"refiner_id" text,
	"refiner_name" text NOT NULL,
	"reference" text NOT NULL,
	"settled_on" date NOT NULL,
	"wire_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"charges_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"csv" text,
	"entered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refiner_settlements_net_check" CHECK ("refiner_settlements"."wire_cents" > 0 and "refiner_settlements"."gross_cents" - "refiner_settlements"."charges_cents" = "refiner_settlements"."wire_cents"),
	CONSTRAINT "refiner_settlements_source_check" CHECK ("refiner_settlements"."source" in ('form', 'csv'))
);
--> statement-breakpoint
CREATE TABLE "refiners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"refining_percent" numeric(6, 3),
	"refining_per_oz" numeric(12, 2),
	"assay_fee" numeric(12, 2),
	"shipping_fee" numeric(12, 2),
	"wire_fee" numeric(12, 2),
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refiners_refining_percent_check" CHECK ("refiners"."refining_percent" is null or ("refiners"."refining_percent" >= 0 and "refiners"."refining_percent" <= 100))
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "settlement_id" text;--> statement-breakpoint
ALTER TABLE "refiner_settlement_lots" ADD CONSTRAINT "refiner_settlement_lots_settlement_id_refiner_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."refiner_settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refiner_settlement_lots" ADD CONSTRAINT "refiner_settlement_lots_melt_lot_id_melt_lots_id_fk" FOREIGN KEY ("melt_lot_id") REFERENCES "public"."melt_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refiner_settlements" ADD CONSTRAINT "refiner_settlements_refiner_id_refiners_id_fk" FOREIGN KEY ("refiner_id") REFERENCES "public"."refiners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refiner_settlements" ADD CONSTRAINT "refiner_settlements_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refiner_settlement_lots_lot_idx" ON "refiner_settlement_lots" USING btree ("melt_lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refiner_settlement_lots_position_idx" ON "refiner_settlement_lots" USING btree ("settlement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "refiner_settlements_reference_idx" ON "refiner_settlements" USING btree (lower("refiner_name"),"reference");--> statement-breakpoint
CREATE INDEX "refiner_settlements_settled_on_idx" ON "refiner_settlements" USING btree ("settled_on");--> statement-breakpoint
CREATE UNIQUE INDEX "refiners_active_name_idx" ON "refiners" USING btree (lower("name")) WHERE "refiners"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_settlement_id_refiner_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."refiner_settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_settlement_idx" ON "ledger_lines" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_owner_check" CHECK (("ledger_lines"."transaction_id" is null) <> ("ledger_lines"."settlement_id" is null));