CREATE TABLE "checks" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"check_number" integer NOT NULL,
	"payee" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"mailing_address" jsonb NOT NULL,
	"status" text DEFAULT 'printed' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" text,
	"mailed_on" date,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "checks_status_check" CHECK ("checks"."status" in ('printed', 'mailed', 'voided')),
	CONSTRAINT "checks_number_check" CHECK ("checks"."check_number" between 1 and 99999999),
	CONSTRAINT "checks_amount_check" CHECK ("checks"."amount" > 0),
	CONSTRAINT "checks_mailed_check" CHECK ("checks"."status" <> 'mailed' or "checks"."mailed_on" is not null),
	CONSTRAINT "checks_voided_check" CHECK (("checks"."status" = 'voided') = ("checks"."voided_at" is not null and "checks"."void_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checks_number_idx" ON "checks" USING btree ("check_number");--> statement-breakpoint
CREATE UNIQUE INDEX "checks_live_per_payout_idx" ON "checks" USING btree ("transaction_id") WHERE "checks"."status" <> 'voided';--> statement-breakpoint
CREATE INDEX "checks_registered_idx" ON "checks" USING btree ("registered_at");