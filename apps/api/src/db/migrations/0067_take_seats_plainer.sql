-- take_seats: slots made only when the ticket has none (not 31 refused inserts on every take from
-- the row); the seats left thinner than asked summed in one statement.
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
