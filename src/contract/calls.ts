import { z } from 'zod';
import {
  CallPortItem,
  ClickCount,
  Health,
  Language,
  Location,
  LoopDirection,
  PictureName,
  RouteAdvantage,
  RouteGroupItem,
  RouteMap,
  RouteServiceItem,
  ScheduleTrade,
  ServiceCode,
  ShipItem,
  Slots,
} from './entities';
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
  routeGroups: defineCall({
    method: 'GET',
    path: PATH.routeGroups,
    query: LanguageOnly,
    params: z.object({ groupId: z.coerce.number({ error: 'must be a trade tab id, 11 to 18' }).int({ error: 'must be a trade tab id, 11 to 18' }) }),
    answer: z.array(RouteGroupItem),
    summary: 'Route groups of a trade tab (11 to 18)',
  }),
  routeServices: defineCall({
    method: 'GET',
    path: PATH.routeServices,
    query: LanguageOnly,
    params: z.object({ groupUuid: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a route group id (lower-case letters, digits, hyphens)' }) }),
    answer: z.array(RouteServiceItem),
    summary: 'Services of a route group',
  }),
  routeMap: defineCall({ method: 'GET', path: PATH.routeMap, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: RouteMap, summary: "A service's route map" }),
  callPorts: defineCall({ method: 'GET', path: PATH.callPorts, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: z.array(CallPortItem), summary: "A service's port rotation with terminals and weekly ETA / ETD" }),
  routeAdvantage: defineCall({ method: 'GET', path: PATH.routeAdvantage, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: RouteAdvantage, summary: "A service's selling points in both languages" }),
  loopExport: defineCall({ method: 'GET', path: PATH.loopExport, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: z.array(LoopDirection), summary: 'Head-haul POLs with their PODs and transit days' }),
  loopImport: defineCall({ method: 'GET', path: PATH.loopImport, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: z.array(LoopDirection), summary: 'Back-haul POLs with their PODs and transit days' }),
  scheduleTrade: defineCall({
    method: 'GET',
    path: PATH.scheduleTrade,
    query: z.object({ serviceCode: ServiceCode, language: Language.optional() }).strict(),
    answer: ScheduleTrade,
    summary: 'The trade a service belongs to (for the service schedule page)',
  }),
  ships: defineCall({
    method: 'GET',
    path: PATH.ships,
    query: z.object({ slots: Slots, language: Language.optional() }).strict(),
    answer: z.array(ShipItem),
    summary: 'Vessels of a capacity class (0 over 10,000 TEU ... 4 under 800)',
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
