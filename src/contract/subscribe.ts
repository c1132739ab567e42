import type { CallDef } from './define';

/** Calls of the newsletter subscriptions (/subscribe). Spread into `calls` (./calls.ts). */
export const subscribeCalls = {} satisfies Record<string, CallDef>;
