import { z } from 'zod';
import { descriptionAt, keysAt } from './schema-walk.ts';
import type { ContentSource, ValuePath } from './source.ts';

/** A zod issue turned into something a maintainer can act on: where (path, line) and what is expected. */
export interface LocatedIssue {
  path: ValuePath;
  line: number;
  message: string;
}

type Issue = z.core.$ZodIssue;

interface Context {
  schema: z.core.$ZodType;
  source: ContentSource;
}

/**
 * Explains the issues of `schema.safeParse(source.value, { reportInput: true })`: each at the
 * line of the value it is about; a missing key at the object lacking it; an unknown key at
 * the key; a union by the branch the value came closest to. Zod's generic wording ("Invalid
 * input: expected string, received number") gets the field's `.describe()` text beside it,
 * since that is where the schemas say what a field is for and what it looks like.
 */
export function explainIssues(schema: z.core.$ZodType, source: ContentSource, issues: readonly Issue[]): LocatedIssue[] {
  return issues.flatMap((issue) => explain(issue, [], { schema, source }));
}

function explain(issue: Issue, base: ValuePath, context: Context): LocatedIssue[] {
  const path: ValuePath = [...base, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))];
  const { schema, source } = context;
  if (issue.code === 'unrecognized_keys') {
    const allowed = keysAt(schema, path, source.value);
    return issue.keys.map((key) => ({ path: [...path, key], line: source.keyLineAt(path, key), message: unknownKey(key, allowed) }));
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0 && isGeneric(issue)) return explainUnion(issue, path, context);
  const key = path.at(-1);
  if (issue.code === 'invalid_type' && typeof key === 'string' && lacksKey(source.value, path)) {
    const parent = path.slice(0, -1);
    const description = descriptionAt(schema, path, source.value);
    return [{ path: parent, line: source.lineAt(parent), message: `missing required key "${key}" (expected: ${description ?? issue.expected})` }];
  }
  const message = isInvalidDate(issue) ? `not a valid date: ${JSON.stringify(valueAt(source.value, path))}` : issue.message;
  return [{ path, line: source.lineAt(path), message: withDescription(message, isGeneric(issue) ? descriptionAt(schema, path, source.value) : undefined) }];
}

/**
 * A union zod could only call "Invalid input". Branches that failed on the type of the value
 * itself are not what the maintainer meant; of the others, the one with the fewest issues
 * (then the deepest) is. When every branch failed on the type, the expected types are listed.
 */
function explainUnion(issue: z.core.$ZodIssueInvalidUnion, path: ValuePath, context: Context): LocatedIssue[] {
  const wrongType = (branch: readonly Issue[]) => branch.some((i) => i.code === 'invalid_type' && i.path.length === 0);
  const candidates = issue.errors.filter((branch) => !wrongType(branch));
  if (candidates.length === 0) {
    const expected = [...new Set(issue.errors.flat().flatMap((i) => (i.code === 'invalid_type' && i.path.length === 0 ? [i.expected] : [])))];
    const message = `Invalid input: expected ${expected.join(' or ')}, received ${typeName(issue.input)}`;
    return [{ path, line: context.source.lineAt(path), message: withDescription(message, descriptionAt(context.schema, path, context.source.value)) }];
  }
  const depth = (branch: readonly Issue[]) => Math.max(...branch.map((i) => i.path.length));
  const [best] = [...candidates].sort((a, b) => a.length - b.length || depth(b) - depth(a));
  return best.flatMap((branchIssue) => explain(branchIssue, path, context));
}

/** Whether zod's message is its own wording for the issue (no custom message from the schema). */
function isGeneric(issue: Issue): boolean {
  const made = z.config().localeError?.(issue as unknown as z.core.$ZodRawIssue);
  const text = typeof made === 'string' ? made : made?.message;
  return text === undefined || text === issue.message || issue.message === 'Invalid input';
}

const withDescription = (message: string, description: string | undefined) => (description ? `${message} (expected: ${description})` : message);

/** z.coerce.date() of a text that is no date: zod words it "expected date, received Date". */
const isInvalidDate = (issue: Issue) => issue.code === 'invalid_type' && issue.expected === 'date' && issue.input instanceof Date && Number.isNaN(issue.input.getTime());

function valueAt(value: unknown, path: ValuePath): unknown {
  let here = value;
  for (const key of path) here = here !== null && typeof here === 'object' ? (here as Record<string | number, unknown>)[key] : undefined;
  return here;
}

function lacksKey(value: unknown, path: ValuePath): boolean {
  const parent = valueAt(value, path.slice(0, -1));
  return parent !== null && typeof parent === 'object' && !Array.isArray(parent) && !Object.hasOwn(parent, path.at(-1) as string);
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function unknownKey(key: string, allowed: string[]): string {
  const tolerance = Math.max(1, Math.min(2, Math.floor(key.length / 3)));
  const near = allowed.find((candidate) => editDistance(candidate.toLowerCase(), key.toLowerCase()) <= tolerance);
  const hint = near ? `; did you mean "${near}"?` : '';
  return `unknown key "${key}"${hint}${allowed.length > 0 ? ` (allowed here: ${allowed.join(', ')})` : ''}`;
}

/** Levenshtein distance, for the "did you mean" of a misspelt key. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
