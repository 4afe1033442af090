CREATE SEQUENCE "public"."melt_lot_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "melt_lots" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text DEFAULT 'LOT-' || lpad(nextval('melt_lot_number_seq')::text, 4, '0') NOT NULL,
	"category" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refiner_name" text,
	"tracking_number" text,
	"insured_value" numeric(12, 2),
	"shipped_at" timestamp with time zone,
	"assayed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "melt_lots_category_check" CHECK ("melt_lots"."category" in ('gold-8k', 'gold-8k-stones', 'gold-10k', 'gold-10k-stones', 'gold-14k', 'gold-14k-stones', 'gold-18k', 'gold-18k-stones', 'gold-22k', 'gold-22k-stones', 'gold-24k', 'gold-24k-stones', 'gold-filled', 'silver', 'platinum', 'palladium')),
	CONSTRAINT "melt_lots_state_check" CHECK ("melt_lots"."state" in ('open', 'shipped', 'assayed', 'settled', 'closed')),
	CONSTRAINT "melt_lots_shipment_check" CHECK ("melt_lots"."state" = 'open' or ("melt_lots"."refiner_name" is not null and "melt_lots"."tracking_number" is not null and "melt_lots"."insured_value" is not null and "melt_lots"."shipped_at" is not null)),
	CONSTRAINT "melt_lots_assayed_check" CHECK ("melt_lots"."state" in ('open', 'shipped') or "melt_lots"."assayed_at" is not null),
	CONSTRAINT "melt_lots_settled_check" CHECK ("melt_lots"."state" in ('open', 'shipped', 'assayed') or "melt_lots"."settled_at" is not null),
	CONSTRAINT "melt_lots_closed_check" CHECK (("melt_lots"."state" = 'closed') = ("melt_lots"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "melt_lots" ADD CONSTRAINT "melt_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "melt_lots_number_idx" ON "melt_lots" USING btree ("number");--> statement-breakpoint
CREATE INDEX "melt_lots_state_idx" ON "melt_lots" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_melt_lot_id_melt_lots_id_fk" FOREIGN KEY ("melt_lot_id") REFERENCES "public"."melt_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A CLOSED LOT IS FINAL (issue 28 item 3): whatever writes it (the melt lots routes, a settlement
-- import, a script, hand-written SQL), a closed lot is neither changed nor deleted, and the custody
-- rows of its items neither move nor go, nor does any item join it. SQLSTATE AL001
-- (db/closed-lot-guard.ts) lets the services answer it with a 409 sentence.
CREATE OR REPLACE FUNCTION assay_refuse_closed_lot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'closed' THEN
    RAISE EXCEPTION 'melt lot % is closed; it cannot be changed', OLD.number USING ERRCODE = 'AL001', DETAIL = OLD.number;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER melt_lots_closed BEFORE UPDATE OR DELETE ON melt_lots
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_closed_lot();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assay_refuse_closed_lot_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lot_number text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.melt_lot_id IS NOT NULL THEN
    SELECT number INTO lot_number FROM melt_lots WHERE id = OLD.melt_lot_id AND state = 'closed';
    IF FOUND THEN
      RAISE EXCEPTION 'item % is in the closed melt lot %; it cannot be changed', OLD.item_id, lot_number
        USING ERRCODE = 'AL001', DETAIL = lot_number;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.melt_lot_id IS NOT NULL THEN
    SELECT number INTO lot_number FROM melt_lots WHERE id = NEW.melt_lot_id AND state = 'closed';
    IF FOUND THEN
      RAISE EXCEPTION 'melt lot % is closed; no item joins it', lot_number USING ERRCODE = 'AL001', DETAIL = lot_number;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_locations_closed_lot BEFORE INSERT OR UPDATE OR DELETE ON item_locations
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_closed_lot_item();
