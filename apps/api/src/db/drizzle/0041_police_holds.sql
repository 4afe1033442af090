CREATE TABLE "police_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"agency" text NOT NULL,
	"officer" text NOT NULL,
	"badge_number" text NOT NULL,
	"case_number" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"placed_by" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" text,
	"ended_at" timestamp with time zone,
	"release_note" text,
	"surrender_reference" text,
	"written_off_cents" bigint,
	"write_off_transaction_id" text,
	CONSTRAINT "police_holds_status_check" CHECK ("police_holds"."status" in ('active', 'released', 'surrendered')),
	CONSTRAINT "police_holds_ended_check" CHECK (("police_holds"."status" = 'active') = ("police_holds"."ended_at" is null)),
	CONSTRAINT "police_holds_surrender_check" CHECK (("police_holds"."status" = 'surrendered') = ("police_holds"."surrender_reference" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_account_check";--> statement-breakpoint
ALTER TABLE "custody_moves" DROP CONSTRAINT "custody_moves_to_place_check";--> statement-breakpoint
ALTER TABLE "custody_moves" DROP CONSTRAINT "custody_moves_from_place_check";--> statement-breakpoint
ALTER TABLE "item_locations" DROP CONSTRAINT "item_locations_place_check";--> statement-breakpoint
ALTER TABLE "police_holds" ADD CONSTRAINT "police_holds_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_holds" ADD CONSTRAINT "police_holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_holds" ADD CONSTRAINT "police_holds_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_holds" ADD CONSTRAINT "police_holds_write_off_transaction_id_transactions_id_fk" FOREIGN KEY ("write_off_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "police_holds_item_idx" ON "police_holds" USING btree ("item_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "police_holds_one_active_idx" ON "police_holds" USING btree ("item_id") WHERE "police_holds"."status" = 'active';--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_check" CHECK ("ledger_lines"."account" in ('inventory:purchases', 'liability:seller-payable', 'revenue:payout-fees', 'expense:goodwill', 'asset:cash:ach', 'asset:in-transit:ach', 'asset:cash:paypal', 'asset:in-transit:paypal', 'asset:cash:check', 'asset:in-transit:check', 'asset:cash:manual', 'asset:in-transit:manual', 'asset:cash:refiner-wires', 'revenue:metal-sales', 'expense:refining-charges', 'expense:cost-of-goods-sold', 'expense:police-surrender'));--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_to_place_check" CHECK ("custody_moves"."to_place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned', 'surrendered'));--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_from_place_check" CHECK ("custody_moves"."from_place" is null or "custody_moves"."from_place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned', 'surrendered'));--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_place_check" CHECK ("item_locations"."place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned', 'surrendered'));--> statement-breakpoint
-- POLICE HOLDS, in the database (issue 28 item 6): whatever writes it, an item under an active
-- police hold does not go into a melt lot or out as sold. SQLSTATE AH002 (db/police-hold-guard.ts)
-- lets the services answer a 409 sentence naming the case; DETAIL carries the case number.
CREATE OR REPLACE FUNCTION assay_refuse_police_held_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_case text;
BEGIN
  IF NEW.place IN ('melt-lot', 'sold') THEN
    IF TG_OP = 'UPDATE' THEN
      IF NEW.place IS NOT DISTINCT FROM OLD.place AND NEW.melt_lot_id IS NOT DISTINCT FROM OLD.melt_lot_id THEN
        RETURN NEW;
      END IF;
    END IF;
    SELECT h.case_number INTO held_case
      FROM police_holds h
     WHERE h.item_id = NEW.item_id AND h.status = 'active';
    IF held_case IS NOT NULL THEN
      RAISE EXCEPTION 'item % is on police hold (case %); it cannot go into a melt lot or be sold', NEW.item_id, held_case
        USING ERRCODE = 'AH002', DETAIL = held_case;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_locations_police_hold BEFORE INSERT OR UPDATE ON item_locations
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_police_held_item();
