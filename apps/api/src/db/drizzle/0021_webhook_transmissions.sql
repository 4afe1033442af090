CREATE TABLE "webhook_transmissions" (
	"provider" text NOT NULL,
	"transmission_id" text NOT NULL,
	"body_sha256" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_transmissions_provider_check" CHECK ("webhook_transmissions"."provider" in ('paypal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_transmissions_id_idx" ON "webhook_transmissions" USING btree ("provider","transmission_id");