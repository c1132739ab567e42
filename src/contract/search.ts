import type { CallDef } from './define';

/** Calls of the site search. Spread into `calls` (./calls.ts). */
export const searchCalls = {} satisfies Record<string, CallDef>;
