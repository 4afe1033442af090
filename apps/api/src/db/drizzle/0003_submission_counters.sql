-- Keeps submission_counts exact. Every INSERT, UPDATE and DELETE statement on submissions appends
-- its net change per (status, category, requires_kyc) bucket as new rows: plain inserts into a
-- table without unique keys, so concurrent writers never wait for one another and can never
-- deadlock over a counter row, and a rolled-back statement takes its rows with it. Statement-level
-- triggers with transition tables make a bulk INSERT ... SELECT of a million rows cost one grouped
-- insert. submission_counts_compact() folds the rows back into one per bucket (the mailbox calls
-- it when they pile up). Works the same on PGlite and PostgreSQL.
CREATE OR REPLACE FUNCTION submission_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO submission_counts (status, category, requires_kyc, n)
    SELECT status, category, requires_kyc, count(*) FROM new_rows
    GROUP BY status, category, requires_kyc;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO submission_counts (status, category, requires_kyc, n)
    SELECT status, category, requires_kyc, -count(*) FROM old_rows
    GROUP BY status, category, requires_kyc;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only buckets whose total really moves get a row: an edit of notes writes nothing here.
    INSERT INTO submission_counts (status, category, requires_kyc, n)
    SELECT status, category, requires_kyc, sum(delta) FROM (
      SELECT status, category, requires_kyc, -1 AS delta FROM old_rows
      UNION ALL
      SELECT status, category, requires_kyc, 1 AS delta FROM new_rows
    ) AS moved
    GROUP BY status, category, requires_kyc
    HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One statement: the rows it deletes are exactly the committed ones it sums, so rows appended
-- meanwhile by open transactions stay and still count. One compactor at a time; others skip.
CREATE OR REPLACE FUNCTION submission_counts_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7413902312) THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM submission_counts RETURNING status, category, requires_kyc, n
  )
  INSERT INTO submission_counts (status, category, requires_kyc, n)
  SELECT status, category, requires_kyc, sum(n) FROM gone
  GROUP BY status, category, requires_kyc
  HAVING sum(n) <> 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION submission_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM submission_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER submission_counts_after_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION submission_counts_apply();
--> statement-breakpoint
CREATE TRIGGER submission_counts_after_update AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION submission_counts_apply();
--> statement-breakpoint
CREATE TRIGGER submission_counts_after_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION submission_counts_apply();
--> statement-breakpoint
CREATE TRIGGER submission_counts_after_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION submission_counts_reset();
--> statement-breakpoint
-- Rows that existed before the triggers. Creating a trigger locks submissions against writes until
-- this migration commits, so nothing is counted twice or missed.
INSERT INTO submission_counts (status, category, requires_kyc, n)
SELECT status, category, requires_kyc, count(*) FROM submissions
GROUP BY status, category, requires_kyc;
