CREATE TABLE "price_locks" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"gold_per_oz" numeric(14, 4) NOT NULL,
	"silver_per_oz" numeric(14, 4) NOT NULL,
	"platinum_per_oz" numeric(14, 4) NOT NULL,
	"palladium_per_oz" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_locks_window_check" CHECK ("price_locks"."locked_until" > "price_locks"."locked_at"),
	CONSTRAINT "price_locks_prices_check" CHECK ("price_locks"."gold_per_oz" > 0 and "price_locks"."silver_per_oz" > 0 and "price_locks"."platinum_per_oz" > 0 and "price_locks"."palladium_per_oz" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_locks" ADD CONSTRAINT "price_locks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;