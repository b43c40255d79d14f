-- Records the demo seed does not make, written as the previous release (schema 0008) stored them,
-- so that the migration test also moves certificates and withdrawals: per organizer with events,
-- a drafted and a published certificate of their first event and one without an event, and a
-- closed ('expired') and an open ('unverified', its code just sent) withdrawal on each of their coin accounts.
INSERT INTO certificates (creator_id, event_id, status, group_name, total_recipient, published_at)
SELECT u.id, e.id, s.status, 'Sertifikat ' || s.status || ' ' || e.name, 0, CASE WHEN s.status = 'published' THEN now() END
FROM users u
JOIN LATERAL (SELECT id, name FROM events WHERE creator_id = u.id ORDER BY created_at, id LIMIT 1) e ON true
CROSS JOIN (VALUES ('drafted'), ('published')) s(status);
INSERT INTO certificates (creator_id, group_name) SELECT DISTINCT creator_id, 'Tanpa acara' FROM events;
INSERT INTO withdrawals (reference_id, coin_account_id, event_id, requested_by, amount, status, bank_code, bank_account_name, bank_account_number,
  code_hash, code_sent_at, code_expires_at, closed_at)
SELECT 'WD-MIG-' || s.status || '-' || c.id, c.id, c.event_id, e.creator_id, 10000, s.status, 'BCA', 'Rekening Panitia', '1234567890',
       md5(c.id::text), now() - interval '1 minute', now() + interval '9 minutes', CASE WHEN s.status = 'expired' THEN now() END
FROM coin_accounts c JOIN events e ON e.id = c.event_id
CROSS JOIN (VALUES ('expired'), ('unverified')) s(status);
