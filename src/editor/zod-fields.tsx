import { type BasicFormField, type ComponentSchema, type FormFieldStoredValue, fields } from '@keystatic/core';
import { Checkbox } from '@keystar/ui/checkbox';
import { TextArea, TextField } from '@keystar/ui/text-field';
import { Text } from '@keystar/ui/typography';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * The editor's fields derived from the zod schemas of src/content-model/schemas/, so there is
 * one schema: each object, array and value of a schema becomes the matching
 * Keystatic field, and every value a maintainer types is checked by the very zod
 * schema the build checks it with. The message shown under a refused field is
 * the schema's own.
 *
 * What a Keystatic form cannot hold in the file's shape (a value that is either
 * a string or an object, records, tuples) is edited as JSON in a text area,
 * still checked by its schema. Whole files whose root is not an object (an array,
 * a union of page kinds) cannot be a Keystatic entry at all: `fieldsOf` throws
 * `NotEditable` for them and the editor leaves them out (src/editor/config.ts says which).
 */

/** Why a schema cannot be an editor entry. */
export class NotEditable extends Error {}

/**
 * Keystatic reports a field's refusal through its own FieldDataError, which it
 * does not export; its text field throws one for an empty required value, so the
 * class is taken from there. The reader (and so the agreement test) then prints
 * our message as the field's error rather than as an unexpected one.
 */
const FieldDataError: new (message: string) => Error = (() => {
  try {
    fields.text({ label: '', validation: { isRequired: true } }).validate('', undefined);
  } catch (error) {
    return (error as Error).constructor as new (
      message: string,
    ) => Error;
  }
  return Error;
})();

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** A schema without its optional/default/nullable wrappers, and what they said. */
export interface Unwrapped {
  schema: z.ZodType;
  optional: boolean;
  /** null is a value (an empty field is written as null, not left out) */
  nullable: boolean;
  defaultValue?: unknown;
  description?: string;
}

export function unwrap(schema: z.ZodType): Unwrapped {
  let optional = false;
  let nullable = false;
  let defaultValue: unknown;
  let description = schema.description;
  let inner = schema;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') optional = true;
    else if (def.type === 'nullable') nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      optional = true;
      defaultValue ??= typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    } else if (def.type === 'pipe') {
      inner = def.in as z.ZodType;
      description ??= inner.description;
      continue;
    } else if (def.type === 'lazy') {
      inner = (def.getter as () => z.ZodType)();
      description ??= inner.description;
      continue;
    } else if (def.type !== 'readonly') break;
    inner = def.innerType as z.ZodType;
    description ??= inner.description;
  }
  return { schema: inner, optional, nullable, defaultValue, description };
}

/** `tel` → "Tel", `bkOfficeUuid` → "Bk office uuid": the label of a key. */
export function labelOfKey(key: string): string {
  if (key === 'en') return 'English';
  if (key === 'zh') return '中文';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words of keys that are written in capitals (or otherwise) in labels. */
const ACRONYMS: Record<string, string> = {
  imo: 'IMO',
  teu: 'TEU',
  url: 'URL',
  uuid: 'UUID',
  pdf: 'PDF',
  qr: 'QR',
  vgm: 'VGM',
  faq: 'FAQ',
  locode: 'UN/LOCODE',
  tel: 'telephone',
  m: '(m)',
  kn: '(kn)',
  km: '(km)',
  nm: '(nm)',
};

/** `countries` → `country`, `offices` → `office`, `addresses` → `address`: the name of one item of a list. */
export function singular(key: string): string {
  if (/ies$/.test(key)) return key.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(key)) return key.replace(/es$/, '');
  if (/[^s]s$/.test(key)) return key.slice(0, -1);
  return key;
}

const LEAF_TYPES = new Set(['string', 'number', 'int', 'bigint', 'enum', 'literal', 'date', 'template_literal']);
const isLeaf = (schema: z.ZodType): boolean => {
  const { schema: inner } = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'union') return (def.options as z.ZodType[]).every(isLeaf);
  return LEAF_TYPES.has(def.type);
};
const isNumeric = (schema: z.ZodType): boolean => {
  const def = defOf(unwrap(schema).schema);
  if (def.type === 'union') return (def.options as z.ZodType[]).every(isNumeric);
  if (def.type === 'literal') return (def.values as unknown[]).every((v) => typeof v === 'number');
  return def.type === 'number' || def.type === 'int';
};

/** The first message zod gives for a value, or undefined when the schema takes it. */
export function schemaMessage(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  // a union without a message of its own says only "Invalid input": say what each branch wanted
  if (issue.code === 'invalid_union' && issue.message === 'Invalid input') {
    const wanted = issue.errors.map((branch) => branch[0]?.message).filter((m): m is string => !!m && !m.startsWith('Invalid input'));
    if (wanted.length) return `${where}${wanted.join(', or ')}`;
  }
  return `${where}${issue.message}`;
}

const LONG_TEXT = /^(body|content|text|answer|description|intro|introduce|summary|address|question|paragraphs?|notes?|mainText)$/i;

interface LeafOptions {
  label: string;
  description?: string;
  multiline: boolean;
  /** Form text → the value stored in the file (undefined: the key is left out). */
  toStored(text: string): FormFieldStoredValue;
  /** Stored value → form text. */
  toText(stored: FormFieldStoredValue): string;
  /** The schema's message for the stored value, or undefined. */
  check(stored: FormFieldStoredValue): string | undefined;
  required: boolean;
  defaultText: string;
  /** A path under public/: offer an upload and show what the path points at. */
  upload?: boolean;
}

function LeafInput(props: { options: LeafOptions; value: string; onChange(value: string): void; autoFocus: boolean; forceValidation: boolean }) {
  const { options } = props;
  const [touched, setTouched] = useState(false);
  const error = props.forceValidation || touched ? options.check(options.toStored(props.value)) : undefined;
  const Input = options.multiline ? TextArea : TextField;
  const input = (
    <Input
      label={options.label}
      description={options.description}
      value={props.value}
      onChange={props.onChange}
      onBlur={() => setTouched(true)}
      autoFocus={props.autoFocus}
      isRequired={options.required}
      errorMessage={error}
    />
  );
  if (!options.upload) return input;
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {input}
      <PublicFile label={options.label} path={props.value} onUploaded={(path) => props.onChange(path)} />
    </div>
  );
}

const IMAGE = /\.(svg|png|jpe?g|webp|gif)$/i;

/**
 * Beside a path under public/: a preview of the picture (or a link to the document) and an
 * upload, sent to the dev server's /admin/upload (src/editor/upload.ts), which writes the file
 * in the folder of the current path (or images/uploads, files/uploads for a new one).
 */
function PublicFile(props: { label: string; path: string; onUploaded(path: string): void }) {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const upload = async (file: File) => {
    const folder = props.path.includes('/') && props.path.lastIndexOf('/') > 0 ? props.path.slice(0, props.path.lastIndexOf('/')) : IMAGE.test(file.name) ? '/images/uploads' : '/files/uploads';
    const body = new FormData();
    body.set('file', file);
    body.set('folder', folder);
    setState({ busy: true, message: `Uploading ${file.name}…` });
    try {
      const answer = await fetch('/admin/upload', { method: 'POST', body });
      const result = (await answer.json()) as { path?: string; error?: string };
      if (!answer.ok || !result.path) throw new Error(result.error ?? `the upload failed (${answer.status})`);
      props.onUploaded(result.path);
      setState({ busy: false, message: `Saved as public${result.path}` });
    } catch (error) {
      setState({ busy: false, message: `Not uploaded: ${(error as Error).message}` });
    }
  };
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      {IMAGE.test(props.path) ? <img src={props.path} alt="" style={{ maxHeight: 64, maxWidth: 160, border: '1px solid #ccc' }} /> : props.path ? <a href={props.path}>Open</a> : null}
      <label style={{ fontSize: 14 }} title="The file goes into the folder of the path above; for a new one, type its folder first (e.g. /images/vessels/)">
        Upload a new file for “{props.label}”{' '}
        <input
          type="file"
          accept=".svg,.png,.jpg,.jpeg,.webp,.gif,.pdf,.docx,.xlsx"
          disabled={state.busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {state.message ? <span role="status">{state.message}</span> : null}
    </div>
  );
}

/** A value edited as text and checked by its zod schema. */
function leafField(options: LeafOptions): BasicFormField<string> {
  const validate = (text: string): string => {
    const message = options.check(options.toStored(text));
    if (message !== undefined) throw new FieldDataError(message);
    return text;
  };
  return {
    kind: 'form',
    label: options.label,
    Input: (props) => <LeafInput options={options} {...props} />,
    defaultValue: () => options.defaultText,
    parse: (stored) => options.toText(stored),
    serialize: (text) => ({ value: options.toStored(text) }),
    validate,
    reader: {
      parse: (stored) => {
        validate(options.toText(stored));
        return stored as never;
      },
    },
  };
}

/** A union of one text and an {en, zh} pair (a name the same in both languages, or one per language). */
const isTextOrPair = (schema: z.ZodType): boolean => {
  const def = defOf(unwrap(schema).schema);
  if (def.type !== 'union') return false;
  const kinds = (def.options as z.ZodType[]).map((o) => {
    const d = defOf(unwrap(o).schema);
    if (d.type === 'string') return 'text';
    const keys = d.type === 'object' ? Object.keys(d.shape as object) : [];
    return keys.length === 2 && keys.includes('en') && keys.includes('zh') ? 'pair' : 'other';
  });
  return kinds.length === 2 && kinds.includes('text') && kinds.includes('pair');
};

interface Pair {
  en: string;
  zh: string;
}

function PairInput(props: { label: string; description?: string; check(value: Pair): string | undefined; value: Pair; onChange(value: Pair): void; autoFocus: boolean; forceValidation: boolean }) {
  const [touched, setTouched] = useState(false);
  const error = props.forceValidation || touched ? props.check(props.value) : undefined;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' }}>
      <legend style={{ gridColumn: '1 / -1', padding: 0, marginBottom: 8, fontWeight: 600 }}>{props.label}</legend>
      <TextField
        label="English"
        description={props.description}
        value={props.value.en}
        onChange={(en) => props.onChange({ ...props.value, en })}
        onBlur={() => setTouched(true)}
        autoFocus={props.autoFocus}
        isRequired
        errorMessage={error}
      />
      <TextField
        label="中文"
        description="Leave the same as the English where it is written the same in both languages"
        value={props.value.zh}
        onChange={(zh) => props.onChange({ ...props.value, zh })}
        onBlur={() => setTouched(true)}
        isRequired
      />
    </fieldset>
  );
}

/**
 * A text the same in both languages or one per language (a person's name): two
 * inputs, stored as one string when they are equal, else as {en, zh}.
 */
function textOrPairField(schema: z.ZodType, label: string, description: string | undefined): BasicFormField<Pair> {
  const toStored = (value: Pair): FormFieldStoredValue => (value.en === value.zh ? value.en : { en: value.en, zh: value.zh });
  const check = (value: Pair) => schemaMessage(schema, toStored(value));
  const toPair = (stored: FormFieldStoredValue): Pair => {
    if (typeof stored === 'string') return { en: stored, zh: stored };
    const pair = (stored ?? {}) as Partial<Pair>;
    return { en: pair.en ?? '', zh: pair.zh ?? '' };
  };
  const validate = (value: Pair): Pair => {
    const message = check(value);
    if (message !== undefined) throw new FieldDataError(message);
    return value;
  };
  return {
    kind: 'form',
    label,
    Input: (props) => <PairInput label={label} description={description} check={check} {...props} />,
    defaultValue: () => ({ en: '', zh: '' }),
    parse: toPair,
    serialize: (value) => ({ value: toStored(value) }),
    validate,
    reader: {
      parse: (stored) => {
        validate(toPair(stored));
        return stored as never;
      },
    },
  };
}

/**
 * A flag with a default: a checkbox that shows the default while the file leaves the flag out,
 * and leaves it out still until it is changed (files write such flags either way; both are kept).
 */
function optionalFlag(label: string, description: string | undefined, defaultValue: boolean): BasicFormField<boolean | null> {
  return {
    kind: 'form',
    label,
    Input: (props) => (
      <Checkbox isSelected={props.value ?? defaultValue} onChange={(checked) => props.onChange(checked)} autoFocus={props.autoFocus}>
        <Text>{label}</Text>
        {description ? <Text slot="description">{description}</Text> : null}
      </Checkbox>
    ),
    defaultValue: () => null,
    parse: (stored) => {
      if (stored !== undefined && typeof stored !== 'boolean') throw new FieldDataError('must be true or false');
      return stored ?? null;
    },
    serialize: (value) => ({ value: value ?? undefined }),
    validate: (value) => value,
    reader: { parse: (stored) => (typeof stored === 'boolean' ? stored : defaultValue) },
  };
}

/** A path of a file under public/ (a picture or a document), told by what the schema takes: a site path yes, a URL or a bare name no. */
export const isPublicPath = (schema: z.ZodType): boolean =>
  (schema.safeParse('/images/x.svg').success || schema.safeParse('/files/x.pdf').success) && !schema.safeParse('https://example.com/x.svg').success && !schema.safeParse('images/x.svg').success;

const isoDay = (value: FormFieldStoredValue): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

function leafFor(schema: z.ZodType, key: string, label: string): BasicFormField<string> {
  const { optional, nullable, defaultValue, description } = unwrap(schema);
  const numeric = isNumeric(schema);
  const isDate = defOf(unwrap(schema).schema).type === 'date';
  const toStored = (text: string): FormFieldStoredValue => {
    if (text === '') return nullable ? (null as unknown as FormFieldStoredValue) : optional || numeric ? undefined : '';
    if (numeric) {
      const n = Number(text.trim());
      return Number.isFinite(n) && text.trim() !== '' ? n : text;
    }
    return text;
  };
  return leafField({
    label,
    description,
    upload: !numeric && !isDate && isPublicPath(unwrap(schema).schema),
    multiline: !numeric && !isDate && LONG_TEXT.test(key),
    required: !optional && !nullable,
    toStored,
    toText: (stored) => (stored === undefined || stored === null ? '' : isDate ? isoDay(stored) : String(stored)),
    check: (stored) => (stored === undefined && optional ? undefined : schemaMessage(schema, stored)),
    defaultText: defaultValue === undefined ? '' : String(defaultValue),
  });
}

/** The key under which a JSON field holds text that does not parse (never written: validation refuses it). */
const NOT_JSON = '\u0000not JSON';

/**
 * Any JSON value in a text area, checked by its schema: for shapes a form cannot hold as they
 * are stored. Where the schema takes a text too (a FAQ paragraph is a text or a {list}), a text
 * is shown and typed as it is, without JSON's quotes; what starts as JSON ({, [) and parses is JSON.
 */
function jsonField(schema: z.ZodType, label: string, description: string | undefined): BasicFormField<string> {
  const { optional, schema: inner } = unwrap(schema);
  const innerDef = defOf(inner);
  const takesText = innerDef.type === 'union' && (innerDef.options as z.ZodType[]).some((o) => defOf(unwrap(o).schema).type === 'string');
  // Keystatic reads a stored null as "no value": an empty field is written back as null where only null fits
  const emptyIsNull = !optional && schema.safeParse(null).success;
  const toStored = (text: string): FormFieldStoredValue => {
    if (text.trim() === '') return emptyIsNull ? (null as unknown as FormFieldStoredValue) : undefined;
    if (takesText && !/^\s*[[{"]/.test(text)) return text;
    try {
      return JSON.parse(text) as FormFieldStoredValue;
    } catch (error) {
      return takesText ? text : { [NOT_JSON]: (error as Error).message };
    }
  };
  return leafField({
    label,
    description: [description, takesText ? 'A text, or JSON for the other forms it takes.' : 'Edited as JSON.'].filter(Boolean).join(' '),
    multiline: true,
    required: !optional,
    toStored,
    toText: (stored) => (stored === undefined || stored === null ? '' : takesText && typeof stored === 'string' ? stored : JSON.stringify(stored, null, 2)),
    check: (stored) => {
      if (stored === undefined) return optional ? undefined : 'required';
      if (stored === null) return schemaMessage(schema, null);
      if (typeof stored === 'object' && stored !== null && NOT_JSON in stored) return `not JSON: ${(stored as Record<string, unknown>)[NOT_JSON]}`;
      return schemaMessage(schema, stored);
    },
    defaultText: '',
  });
}

/** The value an item's form holds, as it would be written (Keystatic's preview props of an object, a list or a field). */
function storedOf(props: unknown): unknown {
  const p = props as { value?: unknown; fields?: Record<string, unknown>; elements?: unknown[]; schema?: ComponentSchema };
  if (p.fields) return Object.fromEntries(Object.entries(p.fields).flatMap(([key, child]) => (storedOf(child) === undefined ? [] : [[key, storedOf(child)]])));
  if (p.elements) return p.elements.map(storedOf);
  if (p.schema?.kind === 'form' && p.schema.formKind === undefined) return p.schema.serialize(p.value as never).value;
  return p.value;
}

/**
 * The label of each item of a list, marked when the item holds a value its schema refuses:
 * Keystatic's item dialog closes whatever it holds and Save then refuses the entry, so the
 * mark (down to the item that holds the value) says where to look, with the schema's message.
 */
const itemLabelFor =
  (element: z.ZodType) =>
  (props: unknown): string => {
    const label = itemLabel(props);
    const message = schemaMessage(element, storedOf(props));
    return message ? `⚠ ${label || '(new)'} — ${message}` : label;
  };

/** The text a list shows for each item: its name, title or id, else its first text. */
function itemLabel(props: unknown): string {
  const p = props as { value?: unknown; fields?: Record<string, unknown>; elements?: unknown[] };
  if (typeof p.value === 'string') return p.value;
  if (typeof p.value === 'boolean') return p.value ? 'yes' : 'no';
  if (p.value && typeof p.value === 'object' && typeof (p.value as Partial<Pair>).en === 'string') return (p.value as Pair).en;
  if (p.fields) {
    const keys = Object.keys(p.fields);
    const preferred = ['name', 'title', 'label', 'city', 'question', 'code', 'id', 'locode', 'port', 'en'];
    for (const key of [...preferred.filter((k) => keys.includes(k)), ...keys]) {
      const label = itemLabel(p.fields[key]);
      if (label) return label.length > 80 ? `${label.slice(0, 77)}…` : label;
    }
  }
  if (p.elements?.length) return itemLabel(p.elements[0]);
  return '';
}

/**
 * Fields chosen for particular schemas instead of the derived one, by schema
 * instance: a call's port is picked from the ports file rather than typed.
 */
export type Pickers = ReadonlyMap<z.ZodType, (label: string, description: string | undefined) => ComponentSchema>;
const NO_PICKERS: Pickers = new Map();

/** The Keystatic field of one zod schema (`key` is its name in the parent object). */
export function fieldFor(schema: z.ZodType, key: string, pickers: Pickers = NO_PICKERS): ComponentSchema {
  const { schema: inner, optional, defaultValue, description } = unwrap(schema);
  const def = defOf(inner);
  const label = labelOfKey(key);
  const picker = pickers.get(schema);
  if (picker) return picker(label, description);
  if (def.type === 'boolean') return optional ? optionalFlag(label, description, defaultValue === true) : fields.checkbox({ label, description });
  if (def.type === 'enum' && !optional) {
    const values = Object.values(def.entries as Record<string, string>);
    return fields.select({ label, description, options: values.map((v) => ({ label: v, value: v })), defaultValue: (defaultValue as string | undefined) ?? values[0] });
  }
  if (isLeaf(inner)) return leafFor(schema, key, label);
  if (!optional && isTextOrPair(inner)) return textOrPairField(schema, label, description);
  if (def.type === 'object' && !optional) {
    const shape = def.shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    const bilingual = keys.length === 2 && keys.includes('en') && keys.includes('zh');
    return fields.object(Object.fromEntries(keys.map((k) => [k, fieldFor(shape[k], k, pickers)])), bilingual ? { label, description, layout: [6, 6] } : { label, description });
  }
  // a list with a default is a list field when an empty list is a value its schema takes: Keystatic always
  // writes a list ([] when empty), which for such a list means what an absent one means; an optional list
  // without a default is edited as JSON, so that an absent list stays absent
  if (def.type === 'array' && (!optional || (defaultValue !== undefined && schema.safeParse([]).success))) {
    const element = def.element as z.ZodType;
    return fields.array(fieldFor(element, singular(key), pickers), { label, description, itemLabel: itemLabelFor(element) });
  }
  return jsonField(schema, label, description);
}

/** The member of a discriminated union a value is of (by its discriminator, e.g. `kind`), if any. */
export function variantOf(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  const def = defOf(unwrap(schema).schema);
  const key = def.discriminator as string | undefined;
  if (def.type !== 'union' || !key || typeof value !== 'object' || value === null) return undefined;
  const wanted = (value as Record<string, unknown>)[key];
  return (def.options as z.ZodType[]).find((option) => {
    const shape = defOf(unwrap(option).schema).shape as Record<string, z.ZodType> | undefined;
    const literal = shape?.[key] && defOf(unwrap(shape[key]).schema);
    return literal?.type === 'literal' && (literal.values as unknown[]).includes(wanted);
  });
}

/** The fields of an entry: a file whose root is a zod object. */
export function fieldsOf(schema: z.ZodType, pickers: Pickers = NO_PICKERS): Record<string, ComponentSchema> {
  const { schema: inner } = unwrap(schema);
  const def = defOf(inner);
  if (def.type !== 'object') throw new NotEditable(`the file's root is ${def.type === 'array' ? 'a list' : `a ${def.type}`}, not an object`);
  const shape = def.shape as Record<string, z.ZodType>;
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, fieldFor(s, k, pickers)]));
}
