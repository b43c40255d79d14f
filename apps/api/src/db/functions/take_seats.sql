-- Takes p_n seats of a limited ticket for a registration, an approval or a waiting-list offer;
-- false when fewer are left, or (p_waitlist) while anyone waits: a free seat is then theirs.
-- The seats left are the ticket row's quota plus its ticket_seats slots. First, without waiting,
-- a slot that holds enough and that nobody else is writing: registrations of one ticket commit
-- side by side, each on its own slot. Else it waits for the ticket's row and takes from it (the
-- row then hands a share of what it keeps to the empty slots nobody is writing, once at least one
-- seat per slot is left); else, holding the row, it waits for every slot by number (the order
-- lockLiveTickets uses) and takes from several. The first try runs in a subtransaction, given up
-- when it finds nothing, so that no slot it locked and found short is still held while it waits:
-- nobody waits for a lock while holding one taken out of that order. Locks are held to the
-- caller's commit. Called inside the statements of modules/platform/registration.repository.ts
-- and modules/seats.
CREATE OR REPLACE FUNCTION public.take_seats(p_ticket uuid, p_n integer, p_waitlist boolean)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
DECLARE
  s smallint;
  rest integer;
  share integer;
  need integer;
  r record;
BEGIN
  IF p_waitlist AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.ticket_id = p_ticket AND w.status = 'waiting') THEN
    RETURN false;
  END IF;
  BEGIN
    SELECT slot INTO s FROM ticket_seats WHERE ticket_id = p_ticket AND seats >= p_n ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
      UPDATE ticket_seats SET seats = seats - p_n WHERE ticket_id = p_ticket AND slot = s;
      RETURN true;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'ES001';
  EXCEPTION WHEN SQLSTATE 'ES001' THEN
    NULL;
  END;
  SELECT quota INTO rest FROM tickets WHERE id = p_ticket FOR NO KEY UPDATE;
  IF p_waitlist AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.ticket_id = p_ticket AND w.status = 'waiting') THEN
    RETURN false;
  END IF;
  IF rest >= p_n THEN
    rest := rest - p_n;
    share := rest / 32;
    IF share >= 1 THEN
      INSERT INTO ticket_seats (ticket_id, slot) SELECT p_ticket, g FROM generate_series(1, 31) g
      WHERE NOT EXISTS (SELECT 1 FROM ticket_seats WHERE ticket_id = p_ticket) ON CONFLICT DO NOTHING;
      WITH topped AS (
        UPDATE ticket_seats t SET seats = share
        FROM (SELECT slot FROM ticket_seats WHERE ticket_id = p_ticket AND seats = 0 ORDER BY slot FOR UPDATE SKIP LOCKED) f
        WHERE t.ticket_id = p_ticket AND t.slot = f.slot
        RETURNING 1
      )
      SELECT rest - share * count(*) INTO rest FROM topped;
    END IF;
    UPDATE tickets SET quota = rest WHERE id = p_ticket;
    RETURN true;
  END IF;
  PERFORM 1 FROM ticket_seats WHERE ticket_id = p_ticket ORDER BY slot FOR UPDATE;
  IF rest + (SELECT coalesce(sum(seats), 0) FROM ticket_seats WHERE ticket_id = p_ticket) < p_n THEN
    RETURN false;
  END IF;
  need := p_n - rest;
  UPDATE tickets SET quota = 0 WHERE id = p_ticket;
  FOR r IN SELECT slot, seats FROM ticket_seats WHERE ticket_id = p_ticket AND seats > 0 ORDER BY slot LOOP
    EXIT WHEN need = 0;
    UPDATE ticket_seats SET seats = seats - least(r.seats, need) WHERE ticket_id = p_ticket AND slot = r.slot;
    need := need - least(r.seats, need);
  END LOOP;
  RETURN true;
END;
$function$;
