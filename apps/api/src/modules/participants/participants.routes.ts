import type { FastifyInstance } from 'fastify';
import { PARTICIPANTS } from '@eo/contract';
import { sendPrivateFile } from '../../lib/send-file.js';
import { sendTable } from '../../lib/table-export.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { ParticipantsService } from './participants.service.js';

/** The Participant tab: Data Partisipan and its downloads. */
export function participantsRoutes(app: FastifyInstance, participants: ParticipantsService) {
  route(app, PARTICIPANTS.list, async (request) => ({ data: await participants.list(callerOf(request), request.query) }));

  // The whole list in one streamed response (Download Data / Get CSV Participants): the
  // ownership check and filter validation answer JSON errors before the first byte is sent.
  route(app, PARTICIPANTS.export, async (request, reply) => {
    const table = await participants.export(callerOf(request), request.query);
    return sendTable(reply, request.query.format, table);
  });

  // A registrant's answer file: images shown in the browser, anything else saved.
  route(app, PARTICIPANTS.answerFile, async (request, reply) => {
    const file = await participants.answerFile(callerOf(request), request.params.id, request.params.fileId);
    return sendPrivateFile(reply, file, file.contentType.startsWith('image/') ? 'inline' : 'attachment');
  });
}
