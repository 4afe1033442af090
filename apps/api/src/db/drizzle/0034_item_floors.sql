ALTER TABLE "submissions" DROP CONSTRAINT "submissions_guarantee_whole_check";--> statement-breakpoint
ALTER TABLE "submission_items" ADD COLUMN "guarantee_floor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_guarantee_whole_check" CHECK (("submissions"."guarantee_floor" is null) = ("submissions"."guarantee_goodwill" is null));--> statement-breakpoint
-- Until now only a parcel of one item carried a floor (decision 042): it is item 1's.
UPDATE "submission_items" SET "guarantee_floor" = "submissions"."guarantee_floor"
FROM "submissions"
WHERE "submission_items"."submission_id" = "submissions"."id"
  AND "submission_items"."position" = 1
  AND "submissions"."guarantee_floor" IS NOT NULL;
