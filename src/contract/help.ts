import type { CallDef } from './define';

/** Calls of the help centre: FAQ, service schedules, downloads, tariffs. Spread into `calls` (./calls.ts). */
export const helpCalls = {} satisfies Record<string, CallDef>;
