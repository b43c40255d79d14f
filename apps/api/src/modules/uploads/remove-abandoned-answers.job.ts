import { noPayload, type JobDefinition } from '../../jobs/job-definition.js';
import type { UploadService } from './uploads.service.js';

/** How often the abandoned answer uploads are looked for. */
export const REMOVE_ABANDONED_ANSWERS_EVERY_MS = 60 * 60_000;

/**
 * A participant who uploads a file for a question and never registers leaves it behind: once no
 * registration has named it for ANSWER_UPLOAD_ABANDONED_MS, its row and file go. One run at a
 * time across processes (one queue row); safe to run twice (a second run finds nothing).
 */
export function removeAbandonedAnswersJob(uploads: UploadService): JobDefinition<Record<string, never>> {
  return {
    id: 'upload.remove-abandoned-answers',
    payload: noPayload,
    everyMs: REMOVE_ABANDONED_ANSWERS_EVERY_MS,
    async handler(_payload, { log }) {
      const removed = await uploads.removeAbandonedAnswerFiles();
      if (removed > 0) log.info({ removed }, 'abandoned answer uploads removed');
    },
  };
}
