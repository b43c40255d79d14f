-- A coin account is Processing exactly while it has an open (unverified or pending) withdrawal:
-- derived on read from withdrawals, so it is no longer stored beside them.
ALTER TABLE "coin_accounts" DROP COLUMN "status";