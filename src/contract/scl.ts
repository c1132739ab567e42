import type { CallDef } from './define';

/** Calls of the supply-chain pages (/scl). Spread into `calls` (./calls.ts). */
export const sclCalls = {} satisfies Record<string, CallDef>;
