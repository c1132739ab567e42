// The reference deployment on this machine (README, "Deploying"): nginx (deploy/nginx/, rendered
// here into var/nginx-<id>/) in front of the built static release and two API processes
// (scripts/start.mjs) on a fresh PostgreSQL database, everything on 127.0.0.1 and free ports,
// nginx unprivileged in the foreground. Used by scripts/nginx-smoke.mjs (the smoke suite through nginx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { BROTLI_MODULE, renderNginxConf } from '../../deploy/nginx/render.mjs';
import { freePort } from './serve-built.mjs';

/** The PostgreSQL server the databases are made on: TEST_DATABASE_URL, else the developer and CI machines' local one. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** nginx's binary, or null. */
export function findNginx() {
  for (const path of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (path && existsSync(path)) return path;
  return null;
}

export async function postgresReachable(url = POSTGRES_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url, what, failed, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const why = failed();
    if (why) throw new Error(`${what}: ${why}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * @param {{ env?: Record<string, string>, processes?: number, root?: string, requireBrotli?: boolean }} [options]
 *   env: extra environment of the API processes; root: the served folder (dist/client)
 */
export async function startNginxStack({ env = {}, processes = 2, root = 'dist/client', requireBrotli = false } = {}) {
  const nginx = findNginx();
  if (!nginx) throw new Error('no nginx (apt-get install nginx)');
  if (!existsSync('dist/server/entry.mjs') || !existsSync(`${root}/404.html`)) throw new Error('no build: run "npm run build" first');
  if (requireBrotli && !existsSync(BROTLI_MODULE)) throw new Error(`no ${BROTLI_MODULE} (apt-get install libnginx-mod-http-brotli-static)`);
  const id = `${process.pid}`;
  const stateDir = resolve(`var/nginx-${id}`);
  // one data folder for both processes, as on one machine: uploads, the outbox, the newsroom's pictures
  // (named e2e-* so the end-to-end helpers find its outbox: tests/e2e/fixtures.ts)
  const dataDir = resolve(`var/e2e-nginx-${id}`);
  const database = `carrier_nginx_${id}`;
  const children = [];
  const outputs = [];
  let dropped = false;
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!dropped) {
      dropped = true;
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => console.warn(`nginx stack: could not drop ${database}: ${e.message}`));
    }
    if (!process.env.KEEP_NGINX_STATE) for (const dir of [stateDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    const databaseUrl = url.href;
    mkdirSync(stateDir, { recursive: true });
    mkdirSync(dataDir, { recursive: true });

    // the API processes, all started at once (migrations take turns under a lock)
    const upstreams = [];
    for (let n = 0; n < processes; n++) {
      const port = await freePort();
      const out = { text: '' };
      const child = spawn('node_modules/.bin/node', ['scripts/start.mjs'], {
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKER: 'off', LOG_LEVEL: 'error', TRUST_PROXY_HOPS: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d) => (out.text += d));
      child.stderr.on('data', (d) => (out.text += d));
      children.push(child);
      outputs.push([`API process ${n + 1}`, out]);
      upstreams.push({ host: `127.0.0.1:${port}`, child, out });
    }
    await Promise.all(
      upstreams.map(({ host, child, out }) => waitFor(`http://${host}/ready`, `API process on ${host}`, () => (child.exitCode !== null ? `exited with ${child.exitCode}: ${out.text}` : ''), 180)),
    );

    const port = await freePort();
    const conf = `${stateDir}/nginx.conf`;
    writeFileSync(
      conf,
      renderNginxConf({
        root,
        listen: `127.0.0.1:${port}`,
        upstreams: upstreams.map((u) => u.host),
        stateDir,
        // a root nginx would hand its workers to "nobody"; they run as whoever runs the tests
        user: process.getuid?.() === 0 ? userInfo().username : undefined,
        workerProcesses: 1,
      }),
    );
    const check = spawnSync(nginx, ['-t', '-q', '-p', stateDir, '-e', `${stateDir}/error.log`, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused ${conf}:\n${check.stderr}`);
    const out = { text: '' };
    const child = spawn(nginx, ['-p', stateDir, '-e', `${stateDir}/error.log`, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (out.text += d));
    child.stderr.on('data', (d) => (out.text += d));
    children.push(child);
    outputs.push(['nginx', out]);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/homeapiak/health`, 'nginx', () => (child.exitCode !== null ? `exited with ${child.exitCode}: ${out.text}` : ''), 30);
    return {
      base,
      conf,
      databaseUrl,
      dataDir,
      stateDir,
      upstreams: upstreams.map(({ host, child }) => ({ base: `http://${host}`, process: child })),
      /** What the processes printed (for a failure's report). */
      output: () => outputs.map(([name, o]) => `--- ${name}\n${o.text}`).join('\n'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
