import { z } from 'zod';
import { Language } from './entities.ts';

/**
 * Every call of the API, with one zod schema for its request and one for its
 * answer's content. The server registers its routes from these definitions,
 * the typed client (./client.ts) calls them, and the tests check against them.
 */
export interface CallDef<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path relative to the API base; `:name` marks a path parameter. */
  path: string;
  query: Q;
  params: P;
  body: B;
  answer: A;
  summary: string;
}

export const Empty = z.object({}).strict();
export const NoBody = z.undefined().optional();

export function defineCall<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, A extends z.ZodType>(def: {
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
export const LanguageOnly = z.object({ language: Language.optional() }).strict();
