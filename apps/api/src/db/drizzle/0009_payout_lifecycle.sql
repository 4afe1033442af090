CREATE TABLE "payout_events" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"transition" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"rail" text NOT NULL,
	"reference" text,
	"reason_code" text,
	"reason" text,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_events_transition_check" CHECK ("payout_events"."transition" in ('recorded', 'handToRail', 'confirmPaid', 'fail', 'markReturned', 'markUnclaimed', 'retry')),
	CONSTRAINT "payout_events_to_status_check" CHECK ("payout_events"."to_status" in ('pending', 'processing', 'paid', 'failed', 'returned', 'unclaimed')),
	CONSTRAINT "payout_events_rail_check" CHECK ("payout_events"."rail" in ('manual', 'ach-file', 'paypal', 'check'))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rail" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "status_reason_code" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_events_transaction_idx" ON "payout_events" USING btree ("transaction_id","at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_rail_check" CHECK ("transactions"."rail" in ('manual', 'ach-file', 'paypal', 'check'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_attempt_check" CHECK ("transactions"."attempt" >= 1);--> statement-breakpoint
-- Payouts from before the lifecycle: 'sent' by an appraiser by hand means paid on the manual rail.
-- Each gets its history: recorded when the offer was accepted, and paid when it was marked sent.
UPDATE "transactions" SET "status" = 'paid' WHERE "status" = 'sent';--> statement-breakpoint
UPDATE "transactions" SET "status_changed_at" = coalesce("sent_at", "created_at");--> statement-breakpoint
INSERT INTO "payout_events" ("id", "transaction_id", "attempt", "transition", "from_status", "to_status", "rail", "at")
SELECT 'payout-' || "id" || '-recorded', "id", 1, 'recorded', NULL, 'pending', 'manual', "created_at"
FROM "transactions";--> statement-breakpoint
INSERT INTO "payout_events" ("id", "transaction_id", "attempt", "transition", "from_status", "to_status", "rail", "reference", "at")
SELECT 'payout-' || "id" || '-paid', "id", 1, 'confirmPaid', 'pending', 'paid', 'manual', "reference", coalesce("sent_at", "created_at")
FROM "transactions" WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('pending', 'processing', 'paid', 'failed', 'returned', 'unclaimed'));