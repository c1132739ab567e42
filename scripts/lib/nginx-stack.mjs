// The reference deployment on this machine (README, "Deploying"): nginx (deploy/nginx/, rendered
// here into var/nginx-<id>/) in front of the built static release and two API processes
// (scripts/start.mjs) on a fresh PostgreSQL database, everything on 127.0.0.1 and free ports,
// nginx unprivileged in the foreground; with `site`, a copy of the project served from its releases
// and the newsroom's worker beside the API processes, so a publish switches the served release (and
// purges the edge) as in production. Used by scripts/nginx-smoke.mjs (the smoke suite through nginx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { BROTLI_MODULE, renderNginxConf } from '../../deploy/nginx/render.mjs';
import { renderVcl, VARNISH_PARAMS } from '../../deploy/varnish/render.mjs';
import { activate, recordRelease, releaseName, releasePaths } from '../../src/releases/releases.mjs';
import { freePort } from './serve-built.mjs';
import { importServerModules } from './server-modules.mjs';

/** What a copy of the project needs to build and patch releases (the publish bench copies the same). */
export const SITE_ENTRIES = ['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json', 'keystatic.config.ts', 'src', 'content', 'public', 'scripts'];

/**
 * A copy of the project in `siteDir` (SITE_ROOT of the API processes and the worker) whose served
 * folder is a release made of this project's build (dist/, by hard links) with the news state the
 * nightly job writes after a full build: the build is of the same files and content, so a publish
 * patches it in seconds, as it patches a nightly's release. @returns the release's name
 */
export async function siteFromBuild(siteDir) {
  mkdirSync(siteDir, { recursive: true });
  for (const entry of SITE_ENTRIES) spawnChecked('cp', ['-a', entry, join(siteDir, entry)]);
  mkdirSync(join(siteDir, 'dist'), { recursive: true });
  // dist/server is the running code; the release keeps its own (the patch renders with it)
  spawnChecked('cp', ['-al', 'dist/server', join(siteDir, 'dist/server')]);
  const paths = releasePaths({ root: siteDir });
  const built = statSync('dist/client').mtime;
  const name = releaseName(built);
  const release = join(paths.releasesDir, name);
  mkdirSync(release, { recursive: true });
  for (const part of ['client', 'server']) spawnChecked('cp', ['-al', join('dist', part), join(release, part)]);
  const { DEFAULT_SITE, recentSince, writeNewsState } = await importServerModules('nginx-stack-site', {
    'src/releases/news-patch.ts': 'recentSince, writeNewsState',
    'src/news/feed.ts': 'DEFAULT_SITE',
  });
  // the recent search bundle's day as the build chose it (src/search/news-bundles.ts)
  writeNewsState({ root: siteDir, release, site: process.env.SITE_URL || DEFAULT_SITE, since: recentSince(built) });
  recordRelease(paths, name, { kind: 'adopted' });
  activate(paths, name, { how: 'nightly', by: 'nginx stack' });
  return name;
}

function spawnChecked(command, args) {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${done.stderr}`);
}

/** The PostgreSQL server the databases are made on: TEST_DATABASE_URL, else the developer and CI machines' local one. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** nginx's binary, or null. */
export function findNginx() {
  for (const path of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (path && existsSync(path)) return path;
  return null;
}

/** varnishd's binary (Debian's varnish package), or null. */
export function findVarnishd() {
  for (const path of [process.env.VARNISHD_PATH, '/usr/sbin/varnishd', '/usr/local/sbin/varnishd']) if (path && existsSync(path)) return path;
  return null;
}

/**
 * Varnish from deploy/varnish/ before `backend` (nginx's host:port), on `port`, its working folder
 * in `stateDir`, in the foreground; stopped by SIGTERM. Started again on the same port by `start()`
 * (the edge down and back: tests/nginx/edge.spec.ts).
 */
export function varnishEdge({ backend, port, stateDir }) {
  const varnishd = findVarnishd();
  if (!varnishd) throw new Error('no varnishd (apt-get install varnish)');
  mkdirSync(stateDir, { recursive: true });
  const vcl = `${stateDir}/default.vcl`;
  writeFileSync(vcl, renderVcl({ backend }));
  const check = spawnSync(varnishd, ['-C', '-j', 'none', '-n', `${stateDir}/check`, '-f', vcl], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`varnishd -C refused ${vcl}:\n${check.stderr.split('\n').slice(-20).join('\n')}`);
  const out = { text: '' };
  // -j none: the worker process stays with whoever runs the tests
  const args = ['-F', '-j', 'none', '-n', `${stateDir}/work`, '-a', `127.0.0.1:${port}`, '-f', vcl, ...VARNISH_PARAMS, '-s', 'malloc,128m'];
  let child = null;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    vcl,
    out,
    get process() {
      return child;
    },
    async start() {
      child = spawn(varnishd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => (out.text += d));
      child.stderr.on('data', (d) => (out.text += d));
      const started = child;
      await waitFor(`${base}/homeapiak/health`, 'varnish', () => (started.exitCode !== null ? `exited with ${started.exitCode}: ${out.text}` : ''), 60);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    },
  };
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
 * @param {{ env?: Record<string, string>, processes?: number, root?: string, requireBrotli?: boolean, edge?: boolean, site?: boolean, prepareSite?: ((siteDir: string) => void) | null, staffOriginAtEdge?: boolean }} [options]
 *   env: extra environment of the API processes; root: the served folder (dist/client); edge: Varnish
 *   (deploy/varnish/) in front of nginx, purged on every switch of the served release (EDGE_PURGE=varnish);
 *   site: a copy of the project (siteFromBuild) served from its releases, its root the served folder,
 *   and the worker (scripts/worker.mjs) beside the API processes: a publish builds or patches a
 *   release there and switches to it; prepareSite: called with the copy's folder before anything
 *   starts (a bench empties its news there); staffOriginAtEdge: the console's origin (STAFF_ORIGIN) is the edge's
 */
export async function startNginxStack({ env = {}, processes = 2, root = 'dist/client', requireBrotli = false, edge = false, site = false, prepareSite = null, staffOriginAtEdge = false } = {}) {
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
  let edgeServer = null;
  const stop = async () => {
    await edgeServer?.stop();
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
    const siteDir = site ? join(stateDir, 'site') : null;
    if (siteDir) {
      await siteFromBuild(siteDir);
      prepareSite?.(siteDir);
      root = join(siteDir, 'dist/client');
      // the API processes ask the worker for builds (WORKER=separate; without a site nobody builds: off)
      env = { SITE_ROOT: siteDir, WORKER: 'separate', ...env };
    }

    // the edge's port is known before the API processes start: they purge it
    const edgePort = edge ? await freePort() : 0;
    if (edge) env = { EDGE_PURGE: 'varnish', EDGE_VARNISH_URL: `http://127.0.0.1:${edgePort}`, ...(staffOriginAtEdge ? { STAFF_ORIGIN: `http://127.0.0.1:${edgePort}` } : {}), ...env };
    // the API processes, all started at once (migrations take turns under a lock)
    const upstreams = [];
    for (let n = 0; n < processes; n++) {
      const port = await freePort();
      const out = { text: '' };
      const child = spawn('node_modules/.bin/node', ['scripts/start.mjs'], {
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKER: 'off', LOG_LEVEL: 'error', TRUST_PROXY_HOPS: '1', TNT_DEMO: 'off', ...env },
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
    let worker = null;
    if (siteDir) {
      // the newsroom's worker (npm run worker): pulls from the first API process, builds or patches in the copy, switches, purges
      const out = { text: '' };
      worker = spawn('node_modules/.bin/node', ['scripts/worker.mjs'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info', TNT_DEMO: 'off', NEWS_API_URL: `http://${upstreams[0].host}/homeapiak`, ...env, WORKER: 'separate' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout.on('data', (d) => (out.text += d));
      worker.stderr.on('data', (d) => (out.text += d));
      children.push(worker);
      outputs.push(['worker', out]);
    }

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
    if (edge) {
      edgeServer = varnishEdge({ backend: `127.0.0.1:${port}`, port: edgePort, stateDir: `${stateDir}/varnish` });
      outputs.push(['varnish', edgeServer.out]);
      await edgeServer.start();
    }
    return {
      /** Varnish before nginx, when asked for: its base URL, and stop() and start() on the same port. */
      edge: edgeServer,
      base,
      conf,
      databaseUrl,
      dataDir,
      stateDir,
      /** The copy of the project served from its releases (SITE_ROOT), when asked for. */
      siteDir,
      /** The worker process, when there is a site copy. */
      worker,
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
