-- The ledger and the money trail are append-only: any UPDATE, DELETE or TRUNCATE raises, whoever
-- runs it; a correction is a new, compensating entry. Triggers: ledger_entries_no_update_delete,
-- money_audit_no_update_delete (row), ledger_entries_no_truncate, money_audit_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.ledger_entries_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;
