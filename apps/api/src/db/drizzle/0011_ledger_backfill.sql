-- The ledger for payouts made before it (issue 12 item 6): every payout gets the lines the code now
-- posts (modules/ledger, packages/domain ledger.ts), with the same accounts, amounts and memos, so
-- the reconciliation agrees from the start. Every accepted offer: items bought at the gross offer,
-- the payout owed to the seller, the PayPal fee (if any) kept. Every paid one (all paid by hand
-- before the rails: migration 0009 put them on the manual rail): handed to the manual rail, then
-- paid, two postings as confirmPaid from pending posts them. Payouts that already have lines are
-- left alone. Each posting balances by construction (gross = owed + fee; each payout posting moves
-- one amount between two accounts), and the check at the end refuses the migration otherwise.
CREATE TEMPORARY TABLE "ledger_backfill_payouts" AS
SELECT
	"id",
	round("gross_amount" * 100)::bigint AS "gross_cents",
	round("fee_amount" * 100)::bigint AS "fee_cents",
	round("amount" * 100)::bigint AS "amount_cents",
	"status",
	CASE WHEN btrim(coalesce("reference", '')) = '' THEN '' ELSE ' (' || btrim("reference") || ')' END AS "note",
	"created_at",
	coalesce("sent_at", "status_changed_at", "created_at") AS "paid_at"
FROM "transactions" t
WHERE NOT EXISTS (SELECT 1 FROM "ledger_lines" l WHERE l."transaction_id" = t."id");--> statement-breakpoint
INSERT INTO "ledger_lines" ("id", "posting_id", "transaction_id", "account", "debit_cents", "credit_cents", "memo", "event", "created_at")
SELECT 'ledger-' || "id" || '-accepted-' || line."n", 'ledger-' || "id" || '-accepted', "id", line."account", line."debit", line."credit", line."memo", 'offer_accepted', "created_at"
FROM "ledger_backfill_payouts"
CROSS JOIN LATERAL (VALUES
	(1, 'inventory:purchases', "gross_cents", 0::bigint, 'Offer accepted: items bought'),
	(2, 'liability:seller-payable', 0::bigint, "gross_cents" - "fee_cents", 'Offer accepted: payout owed to the seller'),
	(3, 'revenue:payout-fees', 0::bigint, "fee_cents", 'PayPal fee kept from the payout')
) AS line("n", "account", "debit", "credit", "memo")
WHERE line."debit" > 0 OR line."credit" > 0;--> statement-breakpoint
INSERT INTO "ledger_lines" ("id", "posting_id", "transaction_id", "account", "debit_cents", "credit_cents", "memo", "event", "created_at")
SELECT 'ledger-' || "id" || '-' || line."posting" || '-' || line."n", 'ledger-' || "id" || '-' || line."posting", "id", line."account", line."debit", line."credit", line."memo" || "note", 'confirmPaid', "paid_at"
FROM "ledger_backfill_payouts"
CROSS JOIN LATERAL (VALUES
	('handed', 1, 'asset:in-transit:manual', "amount_cents", 0::bigint, 'Payout handed to the manual rail'),
	('handed', 2, 'asset:cash:manual', 0::bigint, "amount_cents", 'Payout handed to the manual rail'),
	('paid', 1, 'liability:seller-payable', "amount_cents", 0::bigint, 'Paid to the seller by the manual rail'),
	('paid', 2, 'asset:in-transit:manual', 0::bigint, "amount_cents", 'Paid to the seller by the manual rail')
) AS line("posting", "n", "account", "debit", "credit", "memo")
WHERE "status" = 'paid';--> statement-breakpoint
DO $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM "ledger_lines" GROUP BY "posting_id" HAVING sum("debit_cents") <> sum("credit_cents")
	) THEN
		RAISE EXCEPTION 'ledger backfill: a posting does not balance';
	END IF;
END $$;--> statement-breakpoint
DROP TABLE "ledger_backfill_payouts";
