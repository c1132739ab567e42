import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls } from '../../src/contract/calls';
import { ApiError } from '../../src/contract/fetch';
import { PICTURE_NAMES } from '../../src/contract/wire';
import { openDatabase } from '../../src/server/db';
import { pictureClicks } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/db/seed';
import localSites from '../../content/local-sites.json';
import { postgresDatabase, startHarness, usingPostgres, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe(`API foundation on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers the health check in the wrapper, naming its database', async () => {
    const health = await h.client.call(calls.health);
    expect(health.status).toBe('ok');
    expect(health.databaseOk).toBe(true);
    expect(health.database).toBe(usingPostgres ? 'postgres' : 'pglite');
  });

  it('seeds the click counters once, and a second seed changes nothing', async () => {
    const rows = await h.database.db.select().from(pictureClicks);
    expect(rows.map((r) => r.pictureName).sort()).toEqual([...PICTURE_NAMES].sort());
    expect(await seedIfEmpty(h.database.db)).toBe(false);
  });

  it('counts clicks and stores them', async () => {
    const first = await h.client.call(calls.saveClick, { query: { pictureNameEN: 'SYNCONHUB' } });
    const second = await h.client.call(calls.saveClick, { query: { pictureNameEN: 'SYNCONHUB' } });
    expect(second.count).toBe(first.count + 1);
    const [row] = await h.database.db.select().from(pictureClicks).where(sql`${pictureClicks.pictureName} = 'SYNCONHUB'`);
    expect(row.count).toBe(second.count);
    expect(row.lastClickAt).toBeInstanceOf(Date);
  });

  it('counts concurrent clicks without losing one', async () => {
    const before = (await h.client.call(calls.saveClick, { query: { pictureNameEN: 'EB' } })).count;
    await Promise.all(Array.from({ length: 20 }, () => h.client.call(calls.saveClick, { query: { pictureNameEN: 'EB' } })));
    const after = (await h.client.call(calls.saveClick, { query: { pictureNameEN: 'EB' } })).count;
    expect(after).toBe(before + 21);
  });

  it('refuses an unknown picture name with code 400 naming the field, and writes nothing', async () => {
    const { status, body } = await h.request('/webPicture/saveClick?pictureNameEN=HACKED', { method: 'POST' });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toMatch(/pictureNameEN/);
    expect(body.data.content).toBeNull();
    const rows = await h.database.db.select().from(pictureClicks).where(sql`${pictureClicks.pictureName} = 'HACKED'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a missing picture name and a bad language, naming each', async () => {
    const missing = await h.request('/webPicture/saveClick', { method: 'POST' });
    expect(missing.body.code).toBe('400');
    expect(missing.body.message).toMatch(/pictureNameEN/);
    const badLanguage = await h.request('/webPicture/saveClick?pictureNameEN=EB&language=7', { method: 'POST' });
    expect(badLanguage.body.code).toBe('400');
    expect(badLanguage.body.message).toMatch(/language/);
  });

  it('answers the wrong method on a known path with 405 in the wrapper', async () => {
    const { status, body } = await h.request('/webPicture/saveClick?pictureNameEN=EB');
    expect(status).toBe(405);
    expect(body).toMatchObject({ code: '405', data: { content: null } });
  });

  it('answers unknown paths with 404 in the wrapper', async () => {
    for (const path of ['/nothing/here', '/webPicture', '/../../etc/passwd', '/local/getLocationList/extra']) {
      const { status, body } = await h.request(path);
      expect(status, path).toBe(404);
      expect(body.code).toBe('404');
      expect(body.message).toMatch(/No such API call/);
    }
  });

  it('lists the local sites from content, with regions and the China sub-list', async () => {
    const list = await h.client.call(calls.getLocationList, { query: { language: 0 } });
    expect(list).toEqual(localSites.locations);
    expect(list.filter((l) => l.locationParentId === 0).length).toBeGreaterThanOrEqual(4);
    expect(list.some((l) => l.locationParentId === -2)).toBe(true);
  });

  it('answers 503 in the wrapper, without internals, when the database is gone', async () => {
    const broken = await startHarness();
    await broken.database.close();
    try {
      const { status, body } = await broken.request('/webPicture/saveClick?pictureNameEN=EB', { method: 'POST' });
      expect(status).toBe(503);
      expect(body.code).toBe('503');
      expect(body.message).toMatch(/unavailable/i);
      expect(JSON.stringify(body)).not.toMatch(/\.ts:|node_modules|at \w+ \(/);
      const health = await broken.request('/health');
      expect(health.body.data.content).toMatchObject({ status: 'degraded', databaseOk: false });
    } finally {
      await broken.close().catch(() => {});
    }
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await h.app.request(`http://test.local${h.config.apiBase}/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('makes the typed client throw ApiError with the server message', async () => {
    await expect(h.client.call(calls.saveClick, { query: { pictureNameEN: 'NOPE' as never } })).rejects.toMatchObject({
      name: 'ApiError',
      code: '400',
    });
    await expect(h.client.call(calls.saveClick, { query: { pictureNameEN: 'NOPE' as never } })).rejects.toBeInstanceOf(ApiError);
  });

  it('mounts under a configured base path', async () => {
    const other = await startHarness({ PUBLIC_API_BASE: '/api/v2' });
    try {
      const ok = await other.app.request('http://test.local/api/v2/health');
      expect((await ok.json()).code).toBe('200');
      const old = await other.app.request('http://test.local/homeapiak/health');
      expect(old.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe(`the run's template database (tests/api/template.ts) on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  /** What a database holds: every column and index, the migrations applied, and each table's rows (times left out: they say when it was seeded). */
  async function fingerprint(db: Harness['database']['db']) {
    const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    const columns = (
      await rows(sql`select table_schema, table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
        where table_schema not in ('pg_catalog', 'information_schema') order by table_schema, table_name, ordinal_position`)
    ).rows;
    const indexes = (await rows(sql`select schemaname, tablename, indexdef from pg_indexes where schemaname not in ('pg_catalog') order by 1, 2, 3`)).rows;
    const migrations = (await rows(sql`select hash from drizzle.__drizzle_migrations order by id`)).rows;
    const tables = [...new Set(columns.filter((c) => c.table_schema === 'public').map((c) => String(c.table_name)))];
    const contents: Record<string, unknown> = {};
    for (const table of tables) {
      const kept = columns.filter((c) => c.table_name === table && c.table_schema === 'public' && !String(c.data_type).startsWith('timestamp')).map((c) => `"${c.column_name}"`);
      const [row] = (
        await rows(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(row(${kept.join(', ')})::text, '|' order by row(${kept.join(', ')})::text), '')) as digest from "${table}"`))
      ).rows;
      contents[table] = row;
    }
    return { columns, indexes, migrations, contents };
  }

  it('is the database a fresh migrate and seed makes: the same columns, indexes, migrations and rows', async () => {
    const copy = await startHarness();
    let fresh: Awaited<ReturnType<typeof openDatabase>> | undefined;
    let dropFresh = async () => {};
    try {
      let url: string | undefined;
      if (copy.databaseUrl) ({ url, drop: dropFresh } = await postgresDatabase('api_fresh'));
      fresh = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
      expect(await seedIfEmpty(fresh.db)).toBe(true);
      const [a, b] = [await fingerprint(copy.database.db), await fingerprint(fresh.db)];
      expect(Object.keys(a.contents).length).toBeGreaterThan(10);
      expect(a.migrations.length).toBeGreaterThan(0);
      expect(a).toEqual(b);
    } finally {
      await fresh?.close();
      await dropFresh();
      await copy.close();
    }
  });
});
