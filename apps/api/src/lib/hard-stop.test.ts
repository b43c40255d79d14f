import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

it('killAfter ends the process even while its main thread is blocked in an exit handler', async () => {
  // The shape of a flush at exit that retries forever: the main thread never returns to its event loop.
  const script = `
    import { killAfter } from ${JSON.stringify(pathToFileURL(`${import.meta.dirname}/hard-stop.ts`).href)};
    killAfter(300);
    process.on('exit', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
    process.exit(0);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Should it not work, the test fails (SIGTERM, not SIGKILL) instead of leaving the process behind.
  const cleanup = setTimeout(() => child.kill('SIGTERM'), 20_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  clearTimeout(cleanup);
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
});
