import type { Database } from '../server/db';

/**
 * One connection to either database, as the backup and the restore use it: plain SQL with
 * parameters, and one transaction around a whole read or a whole load.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction on one connection of the database. `snapshot`: a read-only
 * REPEATABLE READ transaction on PostgreSQL, so every table is read as of one moment while the site
 * keeps writing; on PGlite (one connection, in this process) the transaction itself is that moment:
 * the server's other statements wait for it.
 */
export async function inTransaction<T>(database: Database, mode: 'snapshot' | 'write', work: (sql: Sql) => Promise<T>): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction(async (tx) => {
      const sql: Sql = { query: async (text, params) => (await tx.query(text, params)).rows as never };
      return work(sql);
    });
  }
  const pool = database.pool as unknown as import('pg').Pool | undefined;
  if (!pool) throw new Error('the database has neither a PGlite nor a PostgreSQL pool');
  const client = await pool.connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    const sql: Sql = { query: async (text, params) => (await client.query(text, params as unknown[])).rows };
    const result = await work(sql);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The site's tables (schema public), in an order where every table comes after those it refers to. */
export async function tablesInOrder(sql: Sql): Promise<string[]> {
  const tables = (await sql.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.name);
  const edges = await sql.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const strip = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const e of edges) {
    const child = strip(e.child);
    const parent = strip(e.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t)) return;
    if (path.has(t)) throw new Error(`the tables refer to each other in a cycle through ${t}: no load order exists`);
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    seen.add(t);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

/** The migrations applied (Drizzle's own table): how many, and the last one's time stamp (its `when` in the journal). */
export async function migrationLevel(sql: Sql): Promise<{ count: number; last: number | null }> {
  const exists = await sql.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists[0]?.ok) return { count: 0, last: null };
  const [row] = await sql.query<{ n: string; last: string | null }>(`select count(*)::text as n, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  return { count: Number(row.n), last: row.last === null ? null : Number(row.last) };
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
