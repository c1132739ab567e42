import { z } from 'zod';
import type { ValuePath } from './source.ts';

/**
 * Finds the schemas that apply at a path inside a value, so a problem can quote what the
 * schema author wrote about the field (`.describe()`) and list the keys an object allows.
 * Reads zod 4's definitions (`_zod.def`); the public API has no way to go from a schema to
 * the schema of a nested path.
 */

type Schema = z.core.$ZodType;

interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  left?: Schema;
  right?: Schema;
  options?: readonly Schema[];
  getter?: () => Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
  valueType?: Schema;
  discriminator?: string;
}

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

/**
 * A schema with everything it wraps (optional, default, pipe …) or offers instead (union
 * options), outermost first. Of a discriminated union, only the option the value's
 * discriminator picks, so a page of one kind is not told about the keys of the others.
 */
function expand(schema: Schema, value: unknown, into: Schema[] = []): Schema[] {
  if (into.includes(schema)) return into;
  into.push(schema);
  const def = defOf(schema);
  for (const inner of [def.innerType, def.in, def.left, def.right, ...pickOptions(def, value)]) if (inner) expand(inner, value, into);
  if (def.type === 'lazy' && def.getter) expand(def.getter(), value, into);
  return into;
}

function pickOptions(def: Def, value: unknown): readonly Schema[] {
  const options = def.options ?? [];
  const tag = def.discriminator && isObject(value) ? value[def.discriminator] : undefined;
  if (tag === undefined) return options;
  const picked = options.filter((option) => (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[def.discriminator as string]?.has(tag));
  return picked.length > 0 ? picked : options;
}

function childrenAt(schemas: Schema[], key: string | number, value: unknown): Schema[] {
  const children: Schema[] = [];
  for (const schema of schemas) {
    const def = defOf(schema);
    let child: Schema | null | undefined;
    if (def.type === 'object' && typeof key === 'string') child = def.shape?.[key] ?? def.catchall;
    else if (def.type === 'array' && typeof key === 'number') child = def.element;
    else if (def.type === 'tuple' && typeof key === 'number') child = def.items?.[key] ?? def.rest;
    else if (def.type === 'record' || def.type === 'map') child = def.valueType;
    if (child && defOf(child).type !== 'never') expand(child, value, children);
  }
  return children;
}

const isObject = (value: unknown): value is Record<string | number, unknown> => value !== null && typeof value === 'object';

/** The schemas at `path`, walking the file's value beside them (for the discriminators on the way). */
function schemasAt(root: Schema, path: ValuePath, value: unknown): Schema[] {
  let schemas = expand(root, value);
  let here = value;
  for (const key of path) {
    here = isObject(here) ? here[key] : undefined;
    schemas = childrenAt(schemas, key, here);
  }
  return schemas;
}

/** The `.describe()` text nearest to the use site of the value at `path`, if any. */
export function descriptionAt(root: Schema, path: ValuePath, value: unknown): string | undefined {
  for (const schema of schemasAt(root, path, value)) {
    const description = z.globalRegistry.get(schema)?.description;
    if (description) return description;
  }
  return undefined;
}

/** The keys the object at `path` may have. */
export function keysAt(root: Schema, path: ValuePath, value: unknown): string[] {
  const keys = new Set<string>();
  for (const schema of schemasAt(root, path, value)) {
    const def = defOf(schema);
    if (def.type === 'object' && def.shape) for (const key of Object.keys(def.shape)) keys.add(key);
  }
  return [...keys];
}
