CREATE TABLE "sanctions_entries" (
	"list_id" text NOT NULL,
	"ent_num" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"programs" jsonb NOT NULL,
	"title" text,
	"remarks" text,
	"aliases" jsonb NOT NULL,
	"addresses" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text DEFAULT 'ofac-sdn' NOT NULL,
	"published_on" date NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_count" integer NOT NULL,
	"alias_count" integer NOT NULL,
	"address_count" integer NOT NULL,
	"file_names" jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sanctions_lists_source_check" CHECK ("sanctions_lists"."source" in ('ofac-sdn')),
	CONSTRAINT "sanctions_lists_entry_count_check" CHECK ("sanctions_lists"."entry_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "sanctions_screenings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"transaction_id" text,
	"context" text NOT NULL,
	"list_id" text NOT NULL,
	"screened_name" text NOT NULL,
	"matches" jsonb NOT NULL,
	"status" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanctions_screenings_context_check" CHECK ("sanctions_screenings"."context" in ('id-review', 'payout')),
	CONSTRAINT "sanctions_screenings_status_check" CHECK ("sanctions_screenings"."status" in ('clear', 'possible-match', 'cleared', 'blocked'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "compliance_hold" text;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_entries_list_ent_idx" ON "sanctions_entries" USING btree ("list_id","ent_num");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_lists_one_active_idx" ON "sanctions_lists" USING btree ("source") WHERE "sanctions_lists"."active";--> statement-breakpoint
CREATE INDEX "sanctions_screenings_user_idx" ON "sanctions_screenings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_screenings_open_idx" ON "sanctions_screenings" USING btree ("created_at") WHERE "sanctions_screenings"."status" = 'possible-match';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_compliance_hold_check" CHECK ("transactions"."compliance_hold" in ('sanctions-review', 'sanctions-blocked'));