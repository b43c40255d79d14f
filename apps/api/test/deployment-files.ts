import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The deployment's own files (deploy/), read by the deployment test so that what it runs is what
 * docs/operations.md tells people to install: the systemd units' commands and environment, and the nginx site.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const UNIT_NODE = '/usr/bin/node';
const UNIT_WORKDIR = '/opt/eo-dashboard';

export interface UnitCommand {
  /** Node's arguments of ExecStart (run by this test's Node, from the repository root). */
  args: string[];
  /** The unit's `Environment=` settings (EnvironmentFile is the site's: the test supplies it). */
  env: Record<string, string>;
}

/** `deploy/systemd/<name>`, with `%i` as `instance`. Throws when the unit is not the shape the test can run. */
export function readUnit(name: string, instance = ''): UnitCommand {
  const text = readFileSync(path.join(root, 'deploy/systemd', name), 'utf8').replaceAll('%i', instance);
  const values = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
  const [exec, ...more] = values('ExecStart');
  if (!exec || more.length) throw new Error(`${name}: one ExecStart expected`);
  const [node, ...args] = exec.split(/\s+/);
  if (node !== UNIT_NODE) throw new Error(`${name}: ExecStart runs ${node}, the test expects ${UNIT_NODE}`);
  if (values('WorkingDirectory')[0] !== UNIT_WORKDIR) throw new Error(`${name}: WorkingDirectory is not ${UNIT_WORKDIR} (the repository)`);
  const env: Record<string, string> = {};
  for (const line of values('Environment')) {
    for (const pair of line.split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq < 1) throw new Error(`${name}: Environment=${line} is not KEY=VALUE`);
      env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return { args, env };
}

/**
 * `deploy/nginx.conf` listening on `listen` (loopback) with the two API processes at `upstreams`;
 * one of them may be marked `down` (the rolling restart takes a process out before stopping it).
 */
export function nginxSite(listen: number, upstreams: [number, number], down?: number): string {
  let text = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf has no "${from}" for the test to replace`);
    text = text.replace(from, to);
  };
  swap('listen 80;', `listen 127.0.0.1:${listen};`);
  upstreams.forEach((port, i) => swap(`server 127.0.0.1:${3001 + i};`, `server 127.0.0.1:${port}${port === down ? ' down' : ''};`));
  return text;
}

/** A whole nginx configuration around the site, everything it writes kept under `dir`. */
/** The test nginx's worker processes: once a reload's old workers have exited, the master has this many children. */
export const NGINX_WORKER_PROCESSES = 1;

export function nginxMain(site: string, dir: string): string {
  return `worker_processes ${NGINX_WORKER_PROCESSES};
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}
