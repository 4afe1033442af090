CREATE TABLE "instruments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"last_calibrated_on" date,
	"next_calibration_due" date NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_kind_check" CHECK ("instruments"."kind" in ('scale', 'xrf', 'acid', 'electronic-tester', 'fire-assay', 'loupe')),
	CONSTRAINT "instruments_calibration_order_check" CHECK ("instruments"."last_calibrated_on" is null or "instruments"."next_calibration_due" > "instruments"."last_calibrated_on"),
	CONSTRAINT "instruments_name_check" CHECK (length("instruments"."name") between 1 and 80 and length("instruments"."serial") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "item_tests" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_line_id" text NOT NULL,
	"method" text NOT NULL,
	"instrument_id" text,
	"lab_name" text,
	"report_number" text,
	"reading" jsonb NOT NULL,
	"tested_by" text,
	"tested_at" timestamp with time zone NOT NULL,
	"photo_image_id" text,
	"copied_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_tests_method_check" CHECK ("item_tests"."method" in ('scale', 'xrf', 'acid', 'electronic-tester', 'fire-assay', 'loupe', 'lab-report')),
	CONSTRAINT "item_tests_reading_method_check" CHECK ("item_tests"."reading" ->> 'method' = "item_tests"."method"),
	CONSTRAINT "item_tests_instrument_check" CHECK (case when "item_tests"."method" = 'lab-report' then "item_tests"."instrument_id" is null and "item_tests"."lab_name" is not null and "item_tests"."report_number" is not null else "item_tests"."instrument_id" is not null end)
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_account_check";--> statement-breakpoint
ALTER TABLE "offer_lines" DROP CONSTRAINT "offer_lines_test_method_check";--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tests" ADD CONSTRAINT "item_tests_offer_line_id_offer_lines_id_fk" FOREIGN KEY ("offer_line_id") REFERENCES "public"."offer_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tests" ADD CONSTRAINT "item_tests_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tests" ADD CONSTRAINT "item_tests_tested_by_users_id_fk" FOREIGN KEY ("tested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tests" ADD CONSTRAINT "item_tests_photo_image_id_submission_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."submission_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_tests_line_idx" ON "item_tests" USING btree ("offer_line_id","tested_at");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_check" CHECK ("ledger_lines"."account" in ('inventory:purchases', 'liability:seller-payable', 'revenue:payout-fees', 'expense:goodwill', 'asset:cash:ach', 'asset:in-transit:ach', 'asset:cash:paypal', 'asset:in-transit:paypal', 'asset:cash:check', 'asset:in-transit:check', 'asset:cash:manual', 'asset:in-transit:manual', 'asset:cash:refiner-wires', 'revenue:metal-sales', 'expense:refining-charges', 'expense:cost-of-goods-sold'));--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_test_method_check" CHECK ("offer_lines"."test_method" is null or "offer_lines"."test_method" in ('scale', 'xrf', 'acid', 'electronic-tester', 'fire-assay', 'loupe', 'lab-report'));--> statement-breakpoint
-- Written by hand (issue 28 item 1): an instrument past its calibration day, or retired, cannot
-- be used, whatever code path writes the test. Days are UTC calendar days. A copy of a test into
-- a new offer version (copied_from) keeps the original's instrument and time, so it passes when
-- the original exists with them, even if the instrument has since fallen due.
CREATE OR REPLACE FUNCTION item_tests_instrument_usable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  used instruments%ROWTYPE;
BEGIN
  IF NEW.instrument_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.copied_from IS NOT NULL AND EXISTS (
    SELECT 1 FROM item_tests original
    WHERE original.id = NEW.copied_from
      AND original.instrument_id = NEW.instrument_id
      AND original.tested_at = NEW.tested_at
  ) THEN
    RETURN NEW;
  END IF;
  SELECT * INTO used FROM instruments WHERE id = NEW.instrument_id;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key answers this one
  END IF;
  IF used.retired_at IS NOT NULL AND used.retired_at <= NEW.tested_at THEN
    RAISE EXCEPTION 'The instrument ''%'' was retired on %; choose another instrument.',
      used.name, to_char(used.retired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'item_tests_instrument_usable';
  END IF;
  IF used.next_calibration_due < (NEW.tested_at AT TIME ZONE 'UTC')::date THEN
    RAISE EXCEPTION 'The instrument ''%'' was due for calibration on %; calibrate it before testing with it.',
      used.name, to_char(used.next_calibration_due, 'YYYY-MM-DD')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'item_tests_instrument_usable';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_tests_instrument_usable BEFORE INSERT OR UPDATE OF instrument_id, tested_at ON item_tests
  FOR EACH ROW EXECUTE FUNCTION item_tests_instrument_usable();
