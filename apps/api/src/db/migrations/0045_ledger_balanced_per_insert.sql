-- Each ledger set is written whole by one INSERT and sums to zero, checked once per INSERT over
-- the rows it wrote (its transition table), where 0039 checked it at commit once per entry.
-- A set that already had entries before the INSERT is refused too: a set is never added to
-- later (a correction is a new set). The count of a set's entries is read through
-- ledger_entries_set_idx, once per set the INSERT wrote.
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_set_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_sets_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT set_id, sum(amount) AS total INTO bad FROM new_rows
    GROUP BY set_id HAVING sum(amount) <> 0 ORDER BY set_id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger set % sums to %, not zero', bad.set_id, bad.total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  SELECT n.set_id INTO bad FROM (SELECT set_id, count(*) AS entries FROM new_rows GROUP BY set_id) n
    WHERE (SELECT count(*) FROM ledger_entries e WHERE e.set_id = n.set_id) <> n.entries
    ORDER BY n.set_id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger set % has entries written by another statement: a set is written by one insert', bad.set_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_sets_balanced();
