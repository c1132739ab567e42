import { collection, config, singleton, fields, type ComponentSchema } from '@keystatic/core';
import brand from '../../content/brand.json';
import portsFile from '../../content/routes/ports.json';
import { Call } from '../content-model/schemas/routes.ts';
import { CONTENT_FILES, type ContentFile } from '../content-model/registry.ts';
import type { z } from 'zod';
import { fieldsOf, NotEditable, type Pickers, variantOf } from './zod-fields.tsx';

/**
 * The content editor (Keystatic, local mode: it writes content/ directly), one
 * entry per file kind of the content registry (src/content-model/registry.ts),
 * its forms derived from the same zod schemas the build checks
 * (src/editor/zod-fields.tsx). Served by `npm run dev` at /admin
 * (src/editor/integration.ts); never part of the built site.
 *
 * A file kind with one file (brand.json) is a singleton; one with a `*` in its
 * pattern (offices/*.json) a collection whose entries are its files, named by the
 * file name (the synthetic `file` field below, which Keystatic keeps as the
 * file's name and never writes into it).
 */

/** The key of the file-name field of every collection: not a key of any schema, never written into a file. */
export const FILE_NAME_FIELD = 'file';

export interface LeftOut {
  key: string;
  pattern: string;
  reason: string;
}

/** `local/*\/{en,cn,tc}.json` → one pattern per brace choice. */
const expandBraces = (pattern: string): string[] => {
  const m = /\{([^}]+)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1].split(',').flatMap((choice) => expandBraces(pattern.replace(m[0], choice)));
};

/** Keystatic's path for a registry pattern: `offices/*.json` → `content/offices/*`; two stars → `**`. */
const keystaticPath = (pattern: string, format: ContentFile['format']): string => {
  const withoutExt = pattern.replace(format === 'json' ? /\.json$/ : /\.md$/, '');
  const stars = withoutExt.split('*').length - 1;
  return `content/${stars > 1 ? withoutExt.replace(/\*(\/\*)+/, '**') : withoutExt}`;
};

/** A loop's calls pick their port from content/routes/ports.json (a port must be there first). */
const PICKERS: Pickers = new Map([
  [
    Call.shape.port,
    (label: string, description: string | undefined) =>
      fields.select({
        label,
        description,
        options: portsFile.ports.map((p) => ({ label: `${p.name.en} (${p.locode}), ${p.country.en}`, value: p.locode })),
        defaultValue: portsFile.ports[0].locode,
      }),
  ],
]);

type Collections = Record<string, ReturnType<typeof collection>>;
type Singletons = Record<string, ReturnType<typeof singleton>>;

/**
 * Files whose root is one of several kinds (a service page is a product, fruit, cargo … page):
 * each file is an entry of its own with the form of its kind, found by the file's `kind`.
 * A new file of these needs a route in the code, so the editor does not create them.
 */
const FILES_BY_KIND: Record<string, Record<string, unknown>> = {
  servicePages: import.meta.glob('../../content/services/pages/*.json', { eager: true, import: 'default' }),
};

/** An entry of the editor: where its files are, and the zod schema of one file. */
interface Entry {
  key: string;
  label: string;
  pattern: string;
  schema: z.ZodType;
}

/** The entries a registry file kind gives: one; one per brace choice (local/*\/{en,cn,tc}.json); or one per file of a union root. */
function entriesOf(file: ContentFile): Entry[] {
  const byKind = FILES_BY_KIND[file.key];
  if (byKind) {
    return Object.entries(byKind).map(([path, value]) => {
      const name = path.replace(/.*\/([^/]+)\.json$/, '$1');
      const schema = variantOf(file.schema, value);
      if (!schema) throw new Error(`${path}: no kind of ${file.label} matches its "kind"`);
      return { key: `${file.key}_${name.replace(/-/g, '_')}`, label: `${file.label}: ${name}`, pattern: file.pattern.replace('*', name), schema };
    });
  }
  const patterns = expandBraces(file.pattern);
  if (patterns.length === 1) return [{ key: file.key, label: file.label, pattern: file.pattern, schema: file.schema }];
  return patterns.map((pattern) => {
    const choice = pattern.replace(/.*\/([^/]+)\.\w+$/, '$1');
    return { key: `${file.key}_${choice}`, label: `${file.label} (${choice})`, pattern, schema: file.schema };
  });
}

export function buildEditor() {
  const collections: Collections = {};
  const singletons: Singletons = {};
  const schemas: Record<string, z.ZodType> = {};
  const leftOut: LeftOut[] = [];
  const groups = new Map<string, string[]>();
  for (const file of CONTENT_FILES) {
    if (file.origin === 'generated') {
      leftOut.push({ key: file.key, pattern: file.pattern, reason: 'generated: a command writes it, an edit would be overwritten' });
      continue;
    }
    for (const entry of entriesOf(file)) {
      let schema: Record<string, ComponentSchema>;
      try {
        schema = fieldsOf(entry.schema, PICKERS);
      } catch (error) {
        if (!(error instanceof NotEditable)) throw error;
        leftOut.push({ key: file.key, pattern: entry.pattern, reason: error.message });
        continue;
      }
      const path = keystaticPath(entry.pattern, file.format);
      const format = file.format === 'json' ? { data: 'json' as const } : { data: 'yaml' as const, contentField: 'body' };
      const entrySchema = file.format === 'markdown' ? { ...schema, body: fields.markdoc({ label: 'Text', extension: 'md' }) } : schema;
      if (entry.pattern.includes('*')) {
        collections[entry.key] = collection({
          label: entry.label,
          path: path as `${string}/*`,
          format,
          // the schema is built at run time, so TypeScript cannot see that this key holds a slug (text) field
          slugField: FILE_NAME_FIELD as never,
          schema: { [FILE_NAME_FIELD]: fields.text({ label: 'File name', validation: { isRequired: true } }), ...entrySchema },
        });
      } else {
        singletons[entry.key] = singleton({ label: entry.label, path, format, schema: entrySchema });
      }
      schemas[entry.key] = entry.schema;
      groups.set(file.group, [...(groups.get(file.group) ?? []), entry.key]);
    }
  }
  return { collections, singletons, schemas, leftOut, navigation: Object.fromEntries(groups) };
}

const editor = buildEditor();

/** Content files the editor does not offer, and why (README, Content). */
export const LEFT_OUT = editor.leftOut;

/** The zod schema of one file of each editor entry (its collection or singleton key). */
export const ENTRY_SCHEMAS = editor.schemas;

export default config({
  storage: { kind: 'local' },
  ui: { brand: { name: `${brand.shortName?.en ?? brand.name.en} content` }, navigation: editor.navigation },
  collections: editor.collections,
  singletons: editor.singletons,
});
