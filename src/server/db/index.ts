import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { createLogger } from '../../observability/log.mjs';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): the job queue works through it (src/worker/queue.ts). */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** The connection pool (PostgreSQL only): its use is a metric (src/observability/gauges.ts). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
}

/** The advisory lock key that serialises migrations between processes (any fixed number). */
const MIGRATION_LOCK = 7_240_017;

/** Folder of the committed migrations (relative to the project, where the server runs). */
export function migrationsFolder(): string {
  return resolve(process.env.MIGRATIONS_DIR ?? 'src/server/db/migrations');
}

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite in
 * `${dataDir}/pglite` (or in memory when dataDir is ':memory:', empty or loaded from `loadDataDir`, a dump
 * of PGlite's data folder), then applies
 * the committed migrations (or those of `migrationsFolder`: a restore builds the schema of its archive's level).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; migrationsFolder?: string; loadDataDir?: Blob }): Promise<Database> {
  const folderOfMigrations = options.migrationsFolder ?? migrationsFolder();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', (error) => createLogger('db').error({ err: error }, 'an idle database connection failed'));
    const db = drizzle({ client: pool, schema });
    // Several API processes may start at once on one database: one migrates at a time (a
    // session lock), and the next finds the migrations applied.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client, schema }), { migrationsFolder: folderOfMigrations });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir === ':memory:') {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    const folder = resolve(options.dataDir, 'pglite');
    mkdirSync(resolve(options.dataDir), { recursive: true });
    client = new PGlite(folder);
  }
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: folderOfMigrations });
  return { db: db as unknown as Db, kind: 'pglite', pglite: client, close: () => client.close() };
}
