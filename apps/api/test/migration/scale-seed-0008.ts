import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { hashPassword } from '../../src/modules/auth/auth.service.js';

const WORDS = ['Lomba', 'Webinar', 'Beasiswa', 'Volunteer', 'Kelas', 'Seminar', 'Festival', 'Olimpiade', 'Workshop', 'Konser'];
const TOPICS = ['Debat', 'Esai', 'Sains', 'Teknologi', 'Keuangan', 'Lingkungan', 'Musik', 'Desain', 'Robotik', 'Bahasa'];

/**
 * scripts/bench/scale-seed.ts as it was in the previous release (f884d4b), for a database at
 * migration 0008: organizers own their events directly (no organizations yet).
 */
export async function seedScale0008(db: Db, organizers = 100, perOrganizer = 100) {
  const hash = await hashPassword('bench-password');
  await db.execute(sql`
    insert into users (email, password_hash, name, roles)
    select 'bench' || g || '@demo.id', ${hash}, 'Bench Organizer ' || g, array['eventOrganizer']
    from generate_series(1, ${organizers}) g`);
  const words = `{${WORDS.join(',')}}`;
  const topics = `{${TOPICS.join(',')}}`;
  await db.execute(sql`
    insert into events (creator_id, name, type, is_draft, is_paid_event, approved_status, created_at, updated_at, first_event_at, last_event_at)
    select u.id,
           (${words}::text[])[1 + (g % 10)] || ' ' || (${topics}::text[])[1 + ((g / 10) % 10)] || ' ' || g,
           (array['Lomba','Webinar','Beasiswa','Volunteer','Kelas'])[1 + (g % 5)],
           g % 10 = 0, g % 3 = 0, case when g % 4 = 0 then 'pending' else 'approved' end,
           now() - (g % 365) * interval '1 day', now() - (g % 30) * interval '1 day',
           now() + ((g % 120) - 40) * interval '1 day', now() + ((g % 120) - 39) * interval '1 day'
    from users u cross join generate_series(1, ${perOrganizer}) g
    where u.email like 'bench%@demo.id'`);
}
