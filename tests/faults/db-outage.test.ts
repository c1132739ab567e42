import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db';
import { pictureClicks } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/db/seed';
import { freshPostgresDatabase, postgresReachable, startProxy } from './support';

/**
 * The database goes away under a running API and comes back: PostgreSQL behind
 * a TCP proxy that drops every connection, then lets them through again; and an
 * embedded PGlite that fails. The API answers "service unavailable" in the
 * wrapper, keeps every write it acknowledged, and recovers without a restart.
 */

const reachable = await postgresReachable();
if (!reachable) console.warn('PostgreSQL is not reachable at 127.0.0.1:5432: the PostgreSQL outage test is skipped');

type Wrapped = { code: string; message: string; data: { content: unknown } };

async function call(app: App, path: string, init?: RequestInit): Promise<{ status: number; body: Wrapped }> {
  const response = await app.request(`http://test.local/homeapiak${path}`, init);
  return { status: response.status, body: (await response.json()) as Wrapped };
}

const NEWS = '/cosNewss/findTypeNews/50000000000000232?currentPage=1&size=5&language=1';
const click = (app: App) => call(app, '/webPicture/saveClick?pictureNameEN=EB', { method: 'POST' });

describe.runIf(reachable)('PostgreSQL goes away and comes back', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: Database;
  let app: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase('faults');
    drop = fresh.drop;
    const target = new URL(fresh.url);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ databaseUrl: target.href, dataDir: ':memory:' });
    await seedIfEmpty(database.db);
    app = createApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }) });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await drop?.();
  });

  it('answers, then says "service unavailable" in the wrapper while the database is gone, then recovers by itself', async () => {
    expect((await call(app, NEWS)).body.code).toBe('200');

    proxy.cut();
    for (const path of [NEWS, '/health']) {
      const { status, body } = await call(app, path);
      if (path === '/health') {
        // health itself answers, and says the database is down
        expect(body.code).toBe('200');
        expect(body.data.content).toMatchObject({ status: 'degraded', databaseOk: false });
      } else {
        expect(status).toBe(503);
        expect(body).toEqual({ code: '503', message: 'Service temporarily unavailable, please retry shortly', data: { content: null }, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      }
    }
    const refused = await click(app);
    expect(refused.status).toBe(503);

    proxy.restore();
    let recovered: Wrapped | undefined;
    for (let i = 0; i < 50 && recovered?.code !== '200'; i++) {
      recovered = (await call(app, NEWS)).body;
      if (recovered.code !== '200') await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered?.code).toBe('200');
  });

  it('keeps every write it acknowledged when the connection drops in the middle of a burst', async () => {
    const [before] = await database.db.select().from(pictureClicks).where(sql`${pictureClicks.pictureName} = 'EB'`);
    const start = Number(before?.count ?? 0);
    // a steady stream of clicks; the database goes away once ten have been answered
    let answered = 0;
    const burst = Array.from({ length: 40 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 3))
        .then(() => click(app))
        .then((answer) => {
          if (++answered === 10) proxy.cut();
          return answer;
        }),
    );
    const answers = await Promise.all(burst);
    proxy.restore();
    const acknowledged = answers.filter((a) => a.body.code === '200').length;
    // every answer is the wrapper: success or "service unavailable", nothing else
    for (const a of answers) expect(['200', '503']).toContain(a.body.code);
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(answers.length);

    let after: number | undefined;
    for (let i = 0; i < 50 && after === undefined; i++) {
      try {
        const [row] = await database.db.select().from(pictureClicks).where(sql`${pictureClicks.pictureName} = 'EB'`);
        after = Number(row.count);
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // nothing acknowledged is lost; nothing is counted that was never sent
    expect(after! - start).toBeGreaterThanOrEqual(acknowledged);
    expect(after! - start).toBeLessThanOrEqual(answers.length);
  });
});

describe('embedded PGlite fails', () => {
  it('answers "service unavailable" in the wrapper, never a stack trace', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    await seedIfEmpty(database.db);
    const app = createApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }) });
    expect((await call(app, NEWS)).body.code).toBe('200');
    await database.close();
    const { status, body } = await call(app, NEWS);
    expect(status).toBe(503);
    expect(body.message).toBe('Service temporarily unavailable, please retry shortly');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
