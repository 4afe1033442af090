CREATE TABLE "tracking_events" (
	"id" text PRIMARY KEY NOT NULL,
	"label_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"status" text NOT NULL,
	"carrier_status" text NOT NULL,
	"message" text,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_status_check" CHECK ("tracking_events"."status" in ('label_created', 'in_transit', 'out_for_delivery', 'delivered', 'returned_to_sender', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "shipment_id" text;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "label_url" text;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "label_image_key" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_label_id_shipping_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."shipping_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_label_time_status_idx" ON "tracking_events" USING btree ("label_id","occurred_at","status");--> statement-breakpoint
CREATE INDEX "tracking_events_submission_idx" ON "tracking_events" USING btree ("submission_id","occurred_at");