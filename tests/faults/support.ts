import { spawn, type ChildProcess } from 'node:child_process';
import { type IncomingHttpHeaders, request } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { databaseFromTemplate } from '../../scripts/lib/database-template.mjs';
import { postgresReachable as reachable } from '../../scripts/lib/nginx-stack.mjs';

/** The PostgreSQL server of the fault tests: TEST_DATABASE_URL, else the developer and CI machines' local server. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether that server answers (the nginx stack's check, scripts/lib/nginx-stack.mjs). */
export const postgresReachable = (): Promise<boolean> => reachable(POSTGRES_URL);

/** A fresh database on the PostgreSQL server, dropped by the returned function. */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server: `cut()` drops every open
 * connection and refuses new ones (the database "goes away"), `restore()` lets
 * connections through again. Nothing is simulated behind it.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A free port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Rate limits count in fixed windows of the real clock (src/server/forms/rate-limit.ts): a burst of
 * requests that straddles a window's end would start a new count halfway. Before a burst against a
 * server, this waits for the next window when the current one has less than `marginSeconds` left.
 */
export async function clearOfWindowEnd(windowSeconds: number, marginSeconds = 20): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginSeconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

/** The built site and API (scripts/start.mjs, as `npm start` runs it) in a child process. */
export async function startServer(env: Record<string, string>, options: { port?: number } = {}): Promise<{ base: string; process: ChildProcess; output: () => string }> {
  // a given port: a restart that providers must find where they left it (the tracking callback URL)
  const port = options.port ?? (await freePort());
  let output = '';
  // a fresh embedded database in a folder: in a test run, a copy of its migrated and seeded template (scripts/lib/database-template.mjs)
  if (env.DATA_DIR && env.DATA_DIR !== ':memory:' && !env.DATABASE_URL && !env.NEWS_SNAPSHOT_DIR) databaseFromTemplate(env.DATA_DIR);
  const child = spawn('node_modules/.bin/node', ['scripts/start.mjs'], {
    // no demonstration tracking feed (its first catch-up stores some 20,000 events): the tracking tests ask for it
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', WORKER: 'off', TNT_DEMO: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  // a fresh database migrated and seeded, then the start: minutes on a busy 2-core machine (the e2e server gets 240 s)
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      const r = await fetch(`${base}/homeapiak/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, process: child, output: () => output };
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

/** An answer as it came over the wire. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over raw HTTP (node:http): nothing decompresses or merges on the way, unlike fetch. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
