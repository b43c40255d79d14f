import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

it('exitAfterLogs: a reader that lags behind a burst still gets every line, the last one included, and the exit code', async () => {
  // ~600 KB of lines, more than the socket between the processes holds: most still wait in the child at exit.
  const script = `
    import { pino } from 'pino';
    import { exitAfterLogs, logStream } from ${JSON.stringify(pathToFileURL(`${import.meta.dirname}/log-stream.ts`).href)};
    const log = pino({}, logStream());
    for (let i = 0; i < 3000; i++) log.info({ i, pad: 'x'.repeat(150) }, 'filler');
    log.error('the last line');
    process.stderr.write('exiting\\n');
    exitAfterLogs(3);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.pause();
  child.stdout.on('data', (d: Buffer) => (out += d));
  // Start reading only once the child has asked to exit.
  child.stderr.on('data', (d: Buffer) => {
    if (String(d).includes('exiting')) child.stdout.resume();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = out.trim().split('\n');
  expect(lines).toHaveLength(3001);
  expect(JSON.parse(lines.at(-1)!).msg).toBe('the last line');
  expect(code).toBe(3);
});
