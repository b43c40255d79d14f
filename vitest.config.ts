import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.js';

export default defineConfig({
  test: {
    // A worker per core: vitest's default (one fewer) ran one file at a time on two cores, while
    // the API files wait on PostgreSQL for much of their time (356 s against 208).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'repo', include: ['test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-database.ts'],
          // A worker keeps the modules it loaded from one file to the next: each file builds its
          // own app on its own database, and importing the app per file was a third of the run.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...webProjects(),
    ],
  },
});
