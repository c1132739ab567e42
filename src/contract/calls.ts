import { z } from 'zod';
import { ClickCount, Health, Language, Location, PictureName } from './entities';
import { PATH } from './wire';

/**
 * Every call of the API, with one zod schema for its request and one for its
 * answer's content. The server registers its routes from these definitions,
 * the typed client (./client.ts) calls them, and the tests check against them.
 */
export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path relative to the API base; `:name` marks a path parameter. */
  path: string;
  query: Q;
  params: P;
  body: B;
  answer: A;
  summary: string;
}

const Empty = z.object({}).strict();
const NoBody = z.undefined().optional();

function defineCall<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, A extends z.ZodType>(def: {
  method: 'GET' | 'POST';
  path: string;
  query?: Q;
  params?: P;
  body?: B;
  answer: A;
  summary: string;
}): CallDef<Q, P, B, A> {
  return {
    ...def,
    query: (def.query ?? Empty) as Q,
    params: (def.params ?? Empty) as P,
    body: (def.body ?? NoBody) as B,
  };
}

/** Query of a call that only takes the language. */
const LanguageOnly = z.object({ language: Language.optional() }).strict();

export const calls = {
  health: defineCall({
    method: 'GET',
    path: PATH.health,
    query: LanguageOnly,
    answer: Health,
    summary: 'Liveness and database check',
  }),
  saveClick: defineCall({
    method: 'POST',
    path: PATH.saveClick,
    query: z.object({ pictureNameEN: PictureName, language: Language.optional() }).strict(),
    answer: ClickCount,
    summary: 'Counts a click on a top-bar platform, a banner or a smart-service entry',
  }),
  getLocationList: defineCall({
    method: 'GET',
    path: PATH.locationList,
    query: LanguageOnly,
    answer: z.array(Location),
    summary: 'Regions and local sites for the local-site picker',
  }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallQuery<C extends CallDef> = z.input<C['query']>;
export type CallParams<C extends CallDef> = z.input<C['params']>;
export type CallBody<C extends CallDef> = z.input<C['body']>;
export type CallAnswer<C extends CallDef> = z.output<C['answer']>;

/** Fills `:name` path parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Turns zod issues into one sentence that names each field. */
export function describeIssues(error: z.ZodError, where?: string): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : where ?? 'request';
      return issue.message.startsWith(`${field} `) ? issue.message : `${field}: ${issue.message}`;
    })
    .join('; ');
}
