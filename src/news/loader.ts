import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { LOCALES } from '../i18n/locales';

/**
 * The news collection's loader: content/news/{en,zh}/{newsUuid}.json, entry ids `{locale}/{newsUuid}`
 * as Astro's glob loader would give them. The snapshot is tens of thousands of small files at a
 * carrier's scale, so they are read synchronously in one pass (Astro's glob loader reads each with
 * several asynchronous round trips, a few seconds at 10,000 stories a language), and an entry whose
 * file is unchanged since the last build (same digest) is kept without parsing or validating it.
 * In `astro dev` a changed, added or removed story is loaded again on its own.
 */
export function newsLoader(folder = 'content/news'): Loader {
  return {
    name: 'carrier:news',
    load: async (context) => {
      const root = fileURLToPath(context.config.root);
      const base = join(root, folder);
      const untouched = new Set(context.store.keys());
      for (const locale of LOCALES) {
        const dir = join(base, locale);
        if (!existsSync(dir)) continue;
        for (const name of readdirSync(dir)) {
          if (!name.endsWith('.json')) continue;
          untouched.delete(await loadFile(context, root, join(dir, name)));
        }
      }
      for (const id of untouched) context.store.delete(id);
      context.watcher?.add(base);
      // a story's file: {locale}/{newsUuid}.json (not the pull's manifest beside the folders)
      const within = (path: string) => {
        const parts = relative(base, path).split(sep);
        return parts.length === 2 && (LOCALES as readonly string[]).includes(parts[0]) && parts[1].endsWith('.json');
      };
      const reload = (path: string) => {
        if (within(path)) loadFile(context, root, path).catch((error) => context.logger.error(`${relative(root, path)}: ${(error as Error).message}`));
      };
      context.watcher?.on('change', reload);
      context.watcher?.on('add', reload);
      context.watcher?.on('unlink', (path) => {
        if (within(path)) context.store.delete(entryId(base, path));
      });
    },
  };
}

/** The entry id of a story's file: `{locale}/{newsUuid}`. */
function entryId(base: string, path: string): string {
  return relative(base, path)
    .split(sep)
    .join('/')
    .replace(/\.json$/, '');
}

/** Loads one story's file into the store unless it is unchanged; answers its entry id. */
async function loadFile(context: LoaderContext, root: string, path: string): Promise<string> {
  const base = join(path, '..', '..');
  const id = entryId(base, path);
  const text = readFileSync(path, 'utf8');
  const digest = context.generateDigest(text);
  if (context.store.get(id)?.digest === digest) return id;
  const filePath = relative(root, path).split(sep).join('/');
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${filePath}: not valid JSON (${(error as Error).message})`);
  }
  context.store.set({ id, data: await context.parseData({ id, data, filePath }), digest, filePath });
  return id;
}
