import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PROOF_OF_WORK } from '@eo/contract';
import type { ProofOfWorkService } from './proof-of-work.service.js';

/**
 * The check a public write asks for in one line, as its route's preHandler (after the request is
 * validated, before the handler reads anything else): `{ preHandler: proofOfWork.inBody }` for a
 * JSON body's `altcha`, `proofOfWork.inHeader` for `X-Altcha` (a multipart upload, checked before
 * its file is read).
 */
export interface ProofOfWorkGate {
  inBody: preHandlerAsyncHookHandler;
  inHeader: preHandlerAsyncHookHandler;
}

export function proofOfWorkGate(service: ProofOfWorkService): ProofOfWorkGate {
  const bodyField = (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?.[PROOF_OF_WORK.bodyField];
  return {
    inBody: async (request) => service.spend(bodyField(request)),
    inHeader: async (request) => service.spend(request.headers[PROOF_OF_WORK.header]),
  };
}
