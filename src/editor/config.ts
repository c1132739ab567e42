import { collection, config, singleton, fields, type ComponentSchema } from '@keystatic/core';
import brand from '../../content/brand.json';
import portsFile from '../../content/routes/ports.json';
import { Call } from '../schemas/routes.ts';
import { CONTENT_FILES, type ContentFile } from '../content-model/registry.ts';
import { fieldsOf, NotEditable, type Pickers } from './zod-fields.tsx';

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
        options: portsFile.map((p) => ({ label: `${p.name.en} (${p.locode}), ${p.country.en}`, value: p.locode })),
        defaultValue: portsFile[0].locode,
      }),
  ],
]);

type Collections = Record<string, ReturnType<typeof collection>>;
type Singletons = Record<string, ReturnType<typeof singleton>>;

export function buildEditor() {
  const collections: Collections = {};
  const singletons: Singletons = {};
  const leftOut: LeftOut[] = [];
  const groups = new Map<string, string[]>();
  for (const file of CONTENT_FILES) {
    if (file.origin === 'generated') {
      leftOut.push({ key: file.key, pattern: file.pattern, reason: 'generated: a command writes it, an edit would be overwritten' });
      continue;
    }
    let schema: Record<string, ComponentSchema>;
    try {
      schema = fieldsOf(file.schema, PICKERS);
    } catch (error) {
      if (!(error instanceof NotEditable)) throw error;
      leftOut.push({ key: file.key, pattern: file.pattern, reason: error.message });
      continue;
    }
    const patterns = expandBraces(file.pattern);
    for (const pattern of patterns) {
      // local/*/{en,cn,tc}.json: one collection per language file, keyed by the file's base name
      const choice = pattern.replace(/.*\/([^/]+)\.\w+$/, '$1');
      const key = patterns.length > 1 ? `${file.key}_${choice}` : file.key;
      const label = patterns.length > 1 ? `${file.label} (${choice})` : file.label;
      const path = keystaticPath(pattern, file.format);
      const format = file.format === 'json' ? { data: 'json' as const } : { data: 'yaml' as const, contentField: 'body' };
      const entrySchema = file.format === 'markdown' ? { ...schema, body: fields.markdoc({ label: 'Text', extension: 'md' }) } : schema;
      if (pattern.includes('*')) {
        collections[key] = collection({
          label,
          path: path as `${string}/*`,
          format,
          // the schema is built at run time, so TypeScript cannot see that this key holds a slug (text) field
          slugField: FILE_NAME_FIELD as never,
          schema: { [FILE_NAME_FIELD]: fields.text({ label: 'File name', validation: { isRequired: true } }), ...entrySchema },
        });
      } else {
        singletons[key] = singleton({ label, path, format, schema: entrySchema });
      }
      groups.set(file.group, [...(groups.get(file.group) ?? []), key]);
    }
  }
  return { collections, singletons, leftOut, navigation: Object.fromEntries(groups) };
}

const editor = buildEditor();

/** Content files the editor does not offer, and why (README, Content). */
export const LEFT_OUT = editor.leftOut;

export default config({
  storage: { kind: 'local' },
  ui: { brand: { name: `${brand.shortName?.en ?? brand.name.en} content` }, navigation: editor.navigation },
  collections: editor.collections,
  singletons: editor.singletons,
});
