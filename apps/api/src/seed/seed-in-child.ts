import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Seeds the demo through the CLI's `seed-demo` in a process of its own, beside the entry this
 * process was started from (dist/cli.js beside dist/server.js, or src/cli.ts under tsx): the
 * seed renders posters with sharp and builds thousands of rows, and a server that did it itself
 * kept that memory for its whole life (about 100 MB more idle right after a first start).
 */
export function seedInChild(): Promise<void> {
  const entry = process.argv[1]!;
  const cli = path.join(path.dirname(entry), `cli${path.extname(entry)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, cli, 'seed-demo'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`seeding the demo failed (${signal ?? `exit ${code}`})`))));
  });
}
