-- Issue 25 item 9 (docs/decisions/028-personal-data-at-rest.md): dates of birth, street lines and
-- phones, and statement IPs move to encrypted_* columns. SQL cannot encrypt, so the rows written
-- before this migration are sealed by code at start (modules/encryption-keys/plaintext-sealing.service.ts,
-- run by boot.ts right after the migrations). HAND-WRITTEN: each CHECK is added NOT VALID, so it
-- refuses every new or changed row that holds clear text, while the old rows wait for that step
-- (which empties them and so passes the CHECK). The clear columns stay, empty, rather than dropped:
-- a later migration dropping them could run before the step on a database upgraded across both.
ALTER TABLE "kyc_records" ALTER COLUMN "date_of_birth" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "encrypted_street" text;
--> statement-breakpoint
ALTER TABLE "checks" ADD COLUMN "encrypted_mailing_street" text;
--> statement-breakpoint
ALTER TABLE "kyc_records" ADD COLUMN "encrypted_date_of_birth" text;
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "encrypted_sender_street" text;
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "encrypted_receiver_street" text;
--> statement-breakpoint
ALTER TABLE "seller_statements" ADD COLUMN "encrypted_ip" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shipping_address_street_sealed" CHECK (not ("users"."shipping_address" ?| array['line1', 'line2', 'phone'])) NOT VALID;
--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_mailing_address_street_sealed" CHECK (not ("checks"."mailing_address" ?| array['line1', 'line2', 'phone'])) NOT VALID;
--> statement-breakpoint
ALTER TABLE "kyc_records" ADD CONSTRAINT "kyc_records_date_of_birth_sealed" CHECK ("kyc_records"."date_of_birth" is null) NOT VALID;
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_sender_street_sealed" CHECK (not ("shipping_labels"."sender" ?| array['line1', 'line2', 'phone'])) NOT VALID;
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_receiver_street_sealed" CHECK (not ("shipping_labels"."receiver" ?| array['line1', 'line2', 'phone'])) NOT VALID;
--> statement-breakpoint
ALTER TABLE "seller_statements" ADD CONSTRAINT "seller_statements_ip_sealed" CHECK ("seller_statements"."ip" is null) NOT VALID;
