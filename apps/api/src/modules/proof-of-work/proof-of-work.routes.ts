import type { FastifyInstance } from 'fastify';
import { PROOF_OF_WORK_ENDPOINTS } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { ProofOfWorkService } from './proof-of-work.service.js';

export function proofOfWorkRoutes(app: FastifyInstance, service: ProofOfWorkService) {
  route(app, PROOF_OF_WORK_ENDPOINTS.challenge, async (_request, reply) => {
    // Each challenge works once: a shared cache handing one to many people would refuse all but one.
    reply.header('cache-control', 'no-store');
    return { data: { result: await service.challenge() } };
  });
}
