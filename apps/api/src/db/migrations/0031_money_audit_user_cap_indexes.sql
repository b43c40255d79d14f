-- The day's caps of a user (withdrawal-limits.repository.ts) are read on every coin account page
-- view and money action: their wrong codes by actor and their last unlock by the user named in the
-- unlock's detail, each a partial index instead of a walk over the whole money trail.
CREATE INDEX "money_audit_user_code_rejected_idx" ON "money_audit" USING btree ("actor_id","created_at") WHERE "money_audit"."action" = 'withdrawal_code_rejected';--> statement-breakpoint
CREATE INDEX "money_audit_user_unlocked_idx" ON "money_audit" USING btree (("detail"->>'userId'),"created_at") WHERE "money_audit"."action" = 'withdrawal_unlocked';