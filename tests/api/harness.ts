import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App, type AppDeps } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db';
import { seedIfEmpty } from '../../src/server/db/seed';
import { createClient } from '../../src/contract/client';
import type { ApiTarget } from '../../src/contract/fetch';

/**
 * The API under test: the real Hono app on a real database. With
 * TEST_DATABASE_URL (a PostgreSQL server) each harness gets a fresh database
 * created on that server and dropped afterwards; without it, in-memory PGlite.
 * Either is a copy of the run's template, migrated and seeded once (tests/api/template.ts).
 */
export interface Harness {
  app: App;
  database: Database;
  /** The PostgreSQL database of this harness (TEST_DATABASE_URL runs); undefined with PGlite. */
  databaseUrl?: string;
  config: ServerConfig;
  /** The typed client, talking to the app in process through app.request. */
  client: ReturnType<typeof createClient>;
  /** The same in-process target for apiFetch (src/contract/fetch.ts). */
  target: ApiTarget;
  request(path: string, init?: RequestInit): Promise<{ status: number; body: { code: string; message: string; data: { content: unknown } } }>;
  close(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function startHarness(env: Record<string, string> = {}, deps: Pick<AppDeps, 'now' | 'mailer'> = {}): Promise<Harness> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) ({ url: databaseUrl, drop: dropDatabase } = await postgresDatabase('api_test', templateName()));
  const database = await openDatabase({ databaseUrl, dataDir: ':memory:', loadDataDir: databaseUrl ? undefined : pgliteTemplate() });
  // the template is seeded: this finds it so, and seeds nothing
  await seedIfEmpty(database.db);
  const app = createApp({ database, config, ...deps });
  const base = `http://test.local${config.apiBase}`;
  const target: ApiTarget = { origin: 'http://test.local', base: config.apiBase, fetch: (input, init) => Promise.resolve(app.request(input as string, init)) };
  return {
    app,
    database,
    databaseUrl,
    config,
    client: createClient({ target }),
    target,
    async request(path, init) {
      const response = await app.request(`${base}${path}`, init);
      const text = await response.text();
      let body: Awaited<ReturnType<Harness['request']>>['body'];
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`Not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
      }
      return { status: response.status, body };
    },
    async close() {
      // the database is dropped even when closing fails (a test that closed it already, to see the API
      // answer without it): on PostgreSQL each such test left a database behind
      try {
        await database.close();
      } finally {
        await dropDatabase();
      }
    },
  };
}

/** A new database on TEST_DATABASE_URL's server (a copy of `template`, else empty), and how to drop it. */
export async function postgresDatabase(prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('no TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let pgliteDump: Blob | undefined;
/** The run's PGlite template (tests/api/template.ts), read once per test process. */
function pgliteTemplate(): Blob {
  pgliteDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return pgliteDump;
}
function templateName(): string {
  const name = inject('postgresTemplate');
  if (!/^api_template_[0-9a-f]+$/.test(name ?? '')) throw new Error(`no template database (tests/api/template.ts): ${name}`);
  return name;
}

/** The harness app served over real HTTP on a loopback port (what the nightly job talks to); answers the server and the API's base URL. */
export async function serveOverHttp(h: Harness): Promise<{ server: Server; apiUrl: string }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const response = await h.app.fetch(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: chunks.length ? Buffer.concat(chunks) : undefined }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { server, apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${h.config.apiBase}` };
}
