import { ilike, type SQL } from 'drizzle-orm';
import { registrants } from '../db/schema/index.js';
import { contains } from './like.js';

/**
 * "The registrant's name contains `text`" (case-insensitive, `%` and `_` taken literally), for a
 * statement that also says `event_id = …` and `status = 'confirmed'`: the participant list's name
 * filter and the door search. For a text of three characters or more, registrants_event_name_trgm_idx
 * (a GIN index of the confirmed registrants' event and name trigrams: btree_gin and pg_trgm) finds
 * the event's names holding it; the planner
 * reads it when few names hold the text, and walks the event's rows in the list's order
 * (registrants_event_name_idx, registrants_event_created_idx) when many do. A statement using it
 * is planned with its text.
 */
export const nameContains = (text: string): SQL => ilike(registrants.name, contains(text));
