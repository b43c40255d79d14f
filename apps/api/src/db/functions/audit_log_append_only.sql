-- The audit log is append-only: any UPDATE, DELETE or TRUNCATE of audit_log raises, whoever runs it.
-- Triggers: audit_log_no_update_delete (row), audit_log_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;
