import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { appMeta } from './db/schema';

/**
 * A server key: the configured value when set; otherwise a random 256-bit key made by the first
 * process that needs it and kept in the database (app_meta, under `name`), so every API process
 * on that database shares it and a restart keeps it.
 */
export async function keptSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, name));
  return row.value;
}
