import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.js';
import { hashPassword } from '../../apps/api/src/modules/auth/auth.service.js';

const WORDS = ['Lomba', 'Webinar', 'Beasiswa', 'Volunteer', 'Kelas', 'Seminar', 'Festival', 'Olimpiade', 'Workshop', 'Konser'];
const TOPICS = ['Debat', 'Esai', 'Sains', 'Teknologi', 'Keuangan', 'Lingkungan', 'Musik', 'Desain', 'Robotik', 'Bahasa'];

/**
 * Bench data in bulk SQL (the demo seed goes through the services; 10,000 events would take
 * minutes that way): `organizers` organizers with `perOrganizer` events each, spread over
 * active, draft and past.
 */
export async function seedScale(db: Db, organizers = 100, perOrganizer = 100) {
  const hash = await hashPassword('bench-password');
  // Each organizer owns a personal organization, as createUser makes it (names are unique here).
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, name, roles)
      select 'bench' || g || '@demo.id', ${hash}, 'Bench Organizer ' || g, array['eventOrganizer']
      from generate_series(1, ${organizers}) g
      returning id, name),
    o as (insert into organizations (name) select name from u returning id, name)
    insert into memberships (organization_id, user_id, role) select o.id, u.id, 'owner' from o join u on u.name = o.name`);
  const words = `{${WORDS.join(',')}}`;
  const topics = `{${TOPICS.join(',')}}`;
  await db.execute(sql`
    insert into events (organization_id, creator_id, name, type, is_draft, is_paid_event, approved_status, created_at, updated_at, first_event_at, last_event_at)
    select m.organization_id, u.id,
           (${words}::text[])[1 + (g % 10)] || ' ' || (${topics}::text[])[1 + ((g / 10) % 10)] || ' ' || g,
           (array['Lomba','Webinar','Beasiswa','Volunteer','Kelas'])[1 + (g % 5)],
           g % 10 = 0, g % 3 = 0, case when g % 4 = 0 then 'pending' else 'approved' end,
           d.created_at, greatest(d.created_at, now() - (g % 30) * interval '1 day'), d.first_at, d.first_at + interval '1 day'
    from users u join memberships m on m.user_id = u.id cross join generate_series(1, ${perOrganizer}) g
    -- Dates from 40 days ago to 80 days ahead. Each event was created before its first date, as the
    -- wizard requires ("Event date can't be before today"): none ended before it was created.
    cross join lateral (select now() + ((g % 120) - 40) * interval '1 day' as first_at) f
    cross join lateral (select f.first_at, least(now(), f.first_at) - ((g % 60) + 1) * interval '1 day' as created_at) d
    where u.email like 'bench%@demo.id'`);
}
