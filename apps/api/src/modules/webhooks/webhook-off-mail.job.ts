import { z } from 'zod';
import { fill, WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_DISABLED_MAIL } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { JobDefinition, JobType } from '../../jobs/job-definition.js';
import type { Mailer } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';
import { switchedOffMail } from './webhooks.repository.js';

export const WEBHOOK_OFF_MAIL: JobType<{ endpointId: string }> = { id: 'webhook.off-mail', payload: z.object({ endpointId: z.uuid() }) };

/**
 * `webhook.off-mail` `{ endpointId }`: tells the organization's owners that an endpoint failing
 * for WEBHOOK_DISABLE_AFTER_DAYS was switched off, unless it has been switched on again since.
 * One mail per owner, keyed by the switch-off, so a job run again sends none twice. The URL was
 * typed by a member: it is defanged, the page's link is the only link.
 */
export function webhookOffMailJob(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobDefinition<{ endpointId: string }> {
  return {
    ...WEBHOOK_OFF_MAIL,
    async handler({ endpointId }) {
      const e = await switchedOffMail(deps.db, endpointId);
      if (!e || e.enabled || !e.disabledAt) return;
      const link = `${deps.publicUrl.replace(/\/+$/, '')}/organization/integrations`;
      const url = unlinkable(e.url);
      for (const owner of e.owners) {
        await deps.mailer.send({
          to: owner.email,
          subject: fill(WEBHOOK_DISABLED_MAIL.subject, { url }),
          text: fill(WEBHOOK_DISABLED_MAIL.body, { name: unlinkable(owner.name), organization: unlinkable(e.organization), url, days: WEBHOOK_DISABLE_AFTER_DAYS, link }),
          idempotencyKey: `webhook-off-${endpointId}-${e.disabledAt.getTime()}-${owner.userId}`,
        });
      }
    },
  };
}
