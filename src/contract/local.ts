import type { CallDef } from './define';

/** Calls of the regional local sites (/local). Spread into `calls` (./calls.ts). */
export const localCalls = {} satisfies Record<string, CallDef>;
