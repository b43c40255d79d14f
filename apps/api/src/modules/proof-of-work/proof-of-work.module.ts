import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { proofOfWorkGate } from './proof-of-work.gate.js';
import { proofOfWorkRoutes } from './proof-of-work.routes.js';
import { ProofOfWorkService } from './proof-of-work.service.js';
import { purgeUsedChallengesJob } from './purge-used-challenges.job.js';

/** ALTCHA proof of work: the challenge route, the gate other modules' routes require, and the purge of spent challenges. */
export function createProofOfWorkModule({ db, secret, cost }: { db: Db; secret: string; cost: { cost: number; maxCounter: number } }) {
  const service = new ProofOfWorkService(db, secret, cost);
  return {
    gate: proofOfWorkGate(service),
    routes: (app: FastifyInstance) => proofOfWorkRoutes(app, service),
    jobs: () => [purgeUsedChallengesJob(service)],
  };
}
