CREATE SEQUENCE "public"."item_tag_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bins" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_moves" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"from_place" text,
	"from_bin_id" text,
	"from_melt_lot_id" text,
	"to_place" text NOT NULL,
	"to_bin_id" text,
	"to_melt_lot_id" text,
	"moved_by" text,
	"moved_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"note" text,
	CONSTRAINT "custody_moves_to_place_check" CHECK ("custody_moves"."to_place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned')),
	CONSTRAINT "custody_moves_from_place_check" CHECK ("custody_moves"."from_place" is null or "custody_moves"."from_place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "item_locations" (
	"item_id" text PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"bin_id" text,
	"melt_lot_id" text,
	"tag" text DEFAULT 'AS-' || lpad(nextval('item_tag_seq')::text, 6, '0') NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "item_locations_place_check" CHECK ("item_locations"."place" in ('vault', 'bin', 'melt-lot', 'sold', 'returned')),
	CONSTRAINT "item_locations_bin_check" CHECK (("item_locations"."place" = 'bin') = ("item_locations"."bin_id" is not null)),
	CONSTRAINT "item_locations_melt_lot_check" CHECK (("item_locations"."place" = 'melt-lot') = ("item_locations"."melt_lot_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_from_bin_id_bins_id_fk" FOREIGN KEY ("from_bin_id") REFERENCES "public"."bins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_to_bin_id_bins_id_fk" FOREIGN KEY ("to_bin_id") REFERENCES "public"."bins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_item_id_submission_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."submission_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bins_code_idx" ON "bins" USING btree ("code");--> statement-breakpoint
CREATE INDEX "custody_moves_item_idx" ON "custody_moves" USING btree ("item_id","moved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_locations_tag_idx" ON "item_locations" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "item_locations_bin_idx" ON "item_locations" USING btree ("bin_id");--> statement-breakpoint
CREATE INDEX "item_locations_melt_lot_idx" ON "item_locations" USING btree ("melt_lot_id");--> statement-breakpoint
-- Items received before custody existed get their place here, once, rather than lazily on first
-- read: every reader (a bin's count, the search by tag, the hold's trigger below) can then count on
-- one row per received item, and each keeps the tag it is given now. A parcel gone back, or an item
-- sent back from a partial sale, is 'returned'; an item recorded as resold is 'sold'; everything
-- else received is in the vault (a melted item too: melt lots do not exist yet).
INSERT INTO item_locations (item_id, place, moved_at)
SELECT i.id,
       CASE
         WHEN s.status = 'returned' OR (i.outcome = 'returned' AND s.status = 'completed') THEN 'returned'
         WHEN s.disposition = 'resell' AND i.outcome IS DISTINCT FROM 'returned' THEN 'sold'
         ELSE 'vault'
       END,
       s.received_at
FROM submission_items i JOIN submissions s ON s.id = i.submission_id
WHERE s.received_at IS NOT NULL
ORDER BY s.received_at, s.id, i.position;
--> statement-breakpoint
INSERT INTO custody_moves (id, item_id, from_place, to_place, moved_at, note)
SELECT gen_random_uuid()::text, l.item_id, NULL, l.place, l.moved_at, 'Placed by the migration that started custody'
FROM item_locations l;
--> statement-breakpoint
-- THE HOLD, in the database (issue 28 item 2): whatever writes it (the custody routes, a melt lot,
-- a script, hand-written SQL), an item does not go into a melt lot or out as sold, and a submission
-- gets no disposition (melt, resell, consign), while its hold_until is ahead of now(). SQLSTATE
-- AH001 (db/hold-guard.ts) lets the services answer it with a 409 sentence; DETAIL carries the
-- hold's end as ISO 8601.
CREATE OR REPLACE FUNCTION assay_refuse_held_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_until timestamptz;
BEGIN
  IF NEW.place IN ('melt-lot', 'sold') THEN
    IF TG_OP = 'UPDATE' THEN
      IF NEW.place IS NOT DISTINCT FROM OLD.place AND NEW.melt_lot_id IS NOT DISTINCT FROM OLD.melt_lot_id THEN
        RETURN NEW;
      END IF;
    END IF;
    SELECT s.hold_until INTO held_until
      FROM submission_items i JOIN submissions s ON s.id = i.submission_id
     WHERE i.id = NEW.item_id;
    IF held_until > now() THEN
      RAISE EXCEPTION 'item % is on hold until %; it cannot go into a melt lot or be sold before then', NEW.item_id, held_until
        USING ERRCODE = 'AH001', DETAIL = to_char(held_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_locations_hold BEFORE INSERT OR UPDATE ON item_locations
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_held_item();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assay_refuse_held_disposition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.disposition IS NULL OR NOT (NEW.hold_until > now()) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.disposition IS NOT DISTINCT FROM OLD.disposition THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'submission % is on hold until %; it cannot be melted, resold or consigned before then', NEW.id, NEW.hold_until
    USING ERRCODE = 'AH001', DETAIL = to_char(NEW.hold_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
END
$$;
--> statement-breakpoint
CREATE TRIGGER submissions_hold BEFORE INSERT OR UPDATE OF disposition ON submissions
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_held_disposition();
