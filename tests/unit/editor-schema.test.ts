import { globSync, readFileSync } from 'node:fs';
import type { ComponentSchema } from '@keystatic/core';
import { createReader } from '@keystatic/core/reader';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { CONTENT_FILES } from '../../src/content-model/registry';
import editorConfig, { ENTRY_SCHEMAS, FILE_NAME_FIELD, LEFT_OUT } from '../../src/editor/config';
import { unwrap } from '../../src/editor/zod-fields';

/**
 * The editor (Keystatic, /admin in npm run dev) and the content schemas agree:
 * every field of a schema has its field in the editor and nothing more; every
 * content file reads in the editor and is written back unchanged, so what the
 * editor writes is what the schema takes; a value the schema refuses is refused
 * by the editor's field with the schema's message.
 */

const collections = editorConfig.collections ?? {};
const singletons = editorConfig.singletons ?? {};
const entries = { ...collections, ...singletons } as Record<string, { path?: string; schema: Record<string, ComponentSchema>; format?: unknown }>;

/** The registry entry an editor key comes from (local content has one editor collection per language file). */
const registryOf = (key: string) => {
  const file = CONTENT_FILES.find((f) => f.key === key || key.startsWith(`${f.key}_`));
  if (!file) throw new Error(`no registry entry for editor key ${key}`);
  return file;
};

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Keys of the schema's objects the editor's object fields lack or add, as paths. */
function disagreements(schema: z.ZodType, field: ComponentSchema, path: string): string[] {
  const def = defOf(unwrap(schema).schema);
  if (field.kind === 'object') {
    if (def.type !== 'object' || !def.shape) return [`${path}: the editor has an object, the schema a ${def.type}`];
    const schemaKeys = Object.keys(def.shape);
    const fieldKeys = Object.keys(field.fields);
    return [
      ...schemaKeys.filter((k) => !fieldKeys.includes(k)).map((k) => `${path}.${k}: in the schema, not in the editor`),
      ...fieldKeys.filter((k) => !schemaKeys.includes(k)).map((k) => `${path}.${k}: in the editor, not in the schema`),
      ...schemaKeys.filter((k) => fieldKeys.includes(k)).flatMap((k) => disagreements(def.shape![k], field.fields[k], `${path}.${k}`)),
    ];
  }
  if (field.kind === 'array') {
    if (def.type !== 'array' || !def.element) return [`${path}: the editor has a list, the schema a ${def.type}`];
    return disagreements(def.element, field.element, `${path}[]`);
  }
  // a form field holds the whole value of its schema (checked by the schema itself)
  return field.kind === 'form' ? [] : [`${path}: unexpected editor field kind ${field.kind}`];
}

/** What the editor writes back after reading a stored value, field by field, with each field's validation run. */
function roundTrip(field: ComponentSchema, value: unknown): unknown {
  // as Keystatic's parseProps: a stored null reaches a field as no value
  const stored = value === null ? undefined : value;
  if (field.kind === 'object') {
    const value = (stored ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(field.fields)) {
      const written = roundTrip(child, value[key]);
      if (written !== undefined) out[key] = written;
    }
    return out;
  }
  if (field.kind === 'array') return ((stored ?? []) as unknown[]).map((element) => roundTrip(field.element, element) ?? null);
  if (field.kind === 'form' && field.formKind === undefined) {
    const parsed = field.parse(stored as never);
    field.validate(parsed as never);
    return field.serialize(parsed as never).value;
  }
  if (field.kind === 'form' && field.formKind === 'slug') {
    const parsed = field.parse(stored as never, undefined);
    field.validate(parsed as never, undefined);
    return field.serialize(parsed as never).value;
  }
  throw new Error(`field kind ${field.kind}/${'formKind' in field ? field.formKind : ''} not covered by the round trip`);
}

/** Files of an editor entry, from its Keystatic path (content/offices/* → content/offices/*.json). */
const filesOf = (key: string): string[] => {
  const file = registryOf(key);
  const entry = entries[key];
  const pattern = `${entry.path!.replace('**', '*/*')}.${file.format === 'json' ? 'json' : 'md'}`;
  return globSync(pattern).sort();
};

const frontMatter = (text: string): unknown => parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '');

describe('the editor and the schemas agree', () => {
  test('every content file kind maintainers edit is in the editor, except the ones written down as left out', () => {
    const offered = Object.keys(entries).map((k) => registryOf(k).key);
    for (const file of CONTENT_FILES) {
      const out = LEFT_OUT.find((l) => l.key === file.key);
      expect(offered.includes(file.key) !== !!out, `${file.pattern}: offered by the editor or left out with a reason, not both`).toBe(true);
      if (file.origin === 'generated') expect(out?.reason).toMatch(/^generated/);
    }
    // what is left out and why (README, Content): a new file kind that the editor cannot hold is a deliberate decision
    expect(LEFT_OUT.filter((l) => !l.reason.startsWith('generated')).map((l) => l.pattern)).toEqual([]);
  });

  test.each(Object.keys(entries))('%s: every field of the schema has its field in the editor, and nothing more', (key) => {
    const { schema: fieldsByKey } = entries[key];
    const file = registryOf(key);
    const editorFields = { ...fieldsByKey };
    if (key in collections) delete editorFields[FILE_NAME_FIELD];
    if (file.format === 'markdown') delete editorFields.body;
    const root = { kind: 'object', fields: editorFields } as unknown as ComponentSchema;
    expect(disagreements(ENTRY_SCHEMAS[key], root, file.pattern)).toEqual([]);
  });

  test.each(Object.keys(entries))('%s: every file reads in the editor and is written back as it is, and passes its schema', (key) => {
    const file = registryOf(key);
    const { schema: fieldsByKey } = entries[key];
    const editorFields = { ...fieldsByKey };
    if (key in collections) delete editorFields[FILE_NAME_FIELD];
    if (file.format === 'markdown') delete editorFields.body;
    const root = { kind: 'object', fields: editorFields } as unknown as ComponentSchema;
    const files = filesOf(key);
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      const stored = file.format === 'json' ? JSON.parse(text) : frontMatter(text);
      const written = roundTrip(root, stored);
      // markdown front matter: YAML reads a bare date as text; the editor writes it as text too
      expect(written, path).toEqual(JSON.parse(JSON.stringify(stored)));
      expect(file.schema.safeParse(written).success, path).toBe(true);
      expect(ENTRY_SCHEMAS[key].safeParse(written).success, path).toBe(true);
    }
  });

  test("Keystatic's own reader reads every entry the editor offers", async () => {
    const reader = createReader(process.cwd(), editorConfig);
    let read = 0;
    for (const key of Object.keys(collections)) {
      // the slugs from the files (the reader's own list() misses paths with a part after the *, as local/*/site)
      const [before, after = ''] = entries[key].path!.split(/\*+/);
      const slugs = filesOf(key).map((file) => file.slice(before.length, file.length - after.length - (registryOf(key).format === 'json' ? 5 : 3)));
      expect(slugs.length, key).toBeGreaterThan(0);
      for (const slug of slugs) {
        await expect(reader.collections[key].readOrThrow(slug), `${key}/${slug}`).resolves.toBeTruthy();
        read++;
      }
    }
    for (const key of Object.keys(singletons)) {
      await expect(reader.singletons[key].readOrThrow(), key).resolves.toBeTruthy();
      read++;
    }
    expect(read).toBeGreaterThan(40);
  });
});

describe('a value the schema refuses is refused by the field, with the schema’s message', () => {
  const at = (key: string, path: string[]): ComponentSchema => {
    let field = { kind: 'object', fields: entries[key].schema } as unknown as ComponentSchema;
    for (const step of path) {
      if (step === '[]') {
        if (field.kind !== 'array') throw new Error(`${path.join('.')}: not a list at ${step}`);
        field = field.element;
      } else {
        if (field.kind !== 'object') throw new Error(`${path.join('.')}: not an object at ${step}`);
        field = field.fields[step];
      }
    }
    return field;
  };
  const refusal = (field: ComponentSchema, text: string): string | undefined => {
    if (field.kind !== 'form') throw new Error('not a form field');
    try {
      field.validate(text as never, undefined as never);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('an office id that is no UN/LOCODE', () => {
    const id = at('offices', ['countries', '[]', 'offices', '[]', 'id']);
    expect(refusal(id, 'NLRTM01')).toBeUndefined();
    expect(refusal(id, 'Rotterdam')).toBe('must be the UN/LOCODE of the city and two digits, e.g. CNSHA01');
  });

  test('a telephone number not in international form', () => {
    const tel = at('offices', ['countries', '[]', 'offices', '[]', 'tel']);
    expect(refusal(tel, '+31 10 217 4400')).toBeUndefined();
    expect(refusal(tel, '010-2174400')).toMatch(/^must be an international number such as \+31 10 217 4400/);
  });

  test('an IMO number with a wrong check digit in a loop’s deployment', () => {
    const slot = at('trades', ['groups', '[]', 'services', '[]', 'deployment', 'vessels', '[]']);
    expect(refusal(slot, '9074729')).toBeUndefined();
    expect(refusal(slot, 'TBN')).toBeUndefined();
    const message = 'must be the IMO number of a ship (seven digits whose last is the check digit of the first six, e.g. 9074729), or "TBN"';
    expect(refusal(slot, '9074728')).toBe(message);
    expect(refusal(slot, 'MAERSK')).toBe(message);
  });

  test('a call’s port is picked from the ports file', () => {
    const port = at('trades', ['groups', '[]', 'services', '[]', 'calls', '[]', 'port']);
    if (port.kind !== 'form') throw new Error('not a form field');
    const { ports } = JSON.parse(readFileSync('content/routes/ports.json', 'utf8')) as { ports: { locode: string }[] };
    expect(port.parse(ports[3].locode as never, undefined as never)).toBe(ports[3].locode);
    expect(() => port.parse('ZZZZZ' as never, undefined as never)).toThrow();
  });

  test('a call time that is no clock time, and a day that is no whole number', () => {
    const time = at('trades', ['groups', '[]', 'services', '[]', 'calls', '[]', 'arrival', 'time']);
    const day = at('trades', ['groups', '[]', 'services', '[]', 'calls', '[]', 'arrival', 'day']);
    expect(refusal(time, '08:00')).toBeUndefined();
    expect(refusal(time, '25:00')).toBeTruthy();
    expect(refusal(day, '3')).toBeUndefined();
    expect(refusal(day, '2.5')).toBeTruthy();
  });
});
