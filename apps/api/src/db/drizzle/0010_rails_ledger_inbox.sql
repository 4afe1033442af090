CREATE TABLE "ach_batch_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"trace_number" text NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ach_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"file_created_at" timestamp with time zone NOT NULL,
	"file_id_modifier" text NOT NULL,
	"entry_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"entry_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_batches_modifier_check" CHECK ("ach_batches"."file_id_modifier" ~ '^[A-Z0-9]$')
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"posting_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"account" text NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"memo" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_account_check" CHECK ("ledger_lines"."account" in ('inventory:purchases', 'liability:seller-payable', 'revenue:payout-fees', 'asset:cash:ach', 'asset:in-transit:ach', 'asset:cash:paypal', 'asset:in-transit:paypal', 'asset:cash:check', 'asset:in-transit:check', 'asset:cash:manual', 'asset:in-transit:manual')),
	CONSTRAINT "ledger_lines_one_side_check" CHECK ("ledger_lines"."debit_cents" >= 0 and "ledger_lines"."credit_cents" >= 0 and ("ledger_lines"."debit_cents" = 0) <> ("ledger_lines"."credit_cents" = 0))
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_inbox_provider_check" CHECK ("webhook_inbox"."provider" in ('paypal', 'easypost')),
	CONSTRAINT "webhook_inbox_status_check" CHECK ("webhook_inbox"."status" in ('received', 'processed', 'failed', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "ach_batch_entries" ADD CONSTRAINT "ach_batch_entries_batch_id_ach_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ach_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_batch_entries" ADD CONSTRAINT "ach_batch_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_batches" ADD CONSTRAINT "ach_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ach_batch_entries_trace_idx" ON "ach_batch_entries" USING btree ("trace_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ach_batch_entries_attempt_idx" ON "ach_batch_entries" USING btree ("transaction_id","attempt");--> statement-breakpoint
CREATE INDEX "ach_batch_entries_batch_idx" ON "ach_batch_entries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ach_batches_created_idx" ON "ach_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_transaction_idx" ON "ledger_lines" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_posting_idx" ON "ledger_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_event_idx" ON "webhook_inbox" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_pending_idx" ON "webhook_inbox" USING btree ("received_at") WHERE "webhook_inbox"."status" <> 'processed';