DROP INDEX "shipping_labels_submission_direction_idx";--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "parcel_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_submission_direction_parcel_idx" ON "shipping_labels" USING btree ("submission_id","direction","parcel_number");--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_parcel_number_check" CHECK ("shipping_labels"."parcel_number" >= 1);