import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { newOwner, orgCalls } from './organization-calls.fixture.js';

/**
 * The app an organization test file runs against (the team fixture, closed after the file's
 * tests) with the organization calls and two helpers of those tests.
 */
export async function organizationTestApp() {
  const team = await createTeamApp();
  afterAll(() => team.t.close());
  const { t } = team;
  let seq = 0;
  return {
    ...team,
    o: orgCalls(t),
    /** A fresh organization (its owner signed in), so that each test's memberships are its own. */
    fresh: () => newOwner(t, `pemilik${++seq}@contoh.id`),
    /** The organization's audit log as stored. */
    auditOf: async (orgId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.organizationId, orgId)),
  };
}
