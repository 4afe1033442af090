CREATE TABLE "sign_in_client_attempts" (
	"account_key" text NOT NULL,
	"client_key" text NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_client_attempts_account_key_client_key_pk" PRIMARY KEY("account_key","client_key")
);
--> statement-breakpoint
CREATE INDEX "sign_in_client_attempts_last_idx" ON "sign_in_client_attempts" USING btree ("last_attempt_at");--> statement-breakpoint
-- Hand-written: sign_in_attempts now counts an account's tries per hour against a ceiling of 100;
-- its old rows counted 15-minute windows of 5, so they start again empty.
DELETE FROM "sign_in_attempts";
