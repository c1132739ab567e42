import type { Context } from 'hono';
import type { CallDef } from '../../contract/define';
import { CODE } from '../../contract/wire';
import type { StoryConflict } from '../../newsroom/stories';
import type { Actor } from '../../staff/accounts';
import type { StaffArea, StaffRole } from '../../staff/roles';
import { requestIdOfContext, type HandlerInput } from '../handle';

/**
 * What the staff API's parts share: the signed-in staff member of a request, and how a part registers
 * a call (src/server/staff/app.ts makes it; newsroom.ts, inbox.ts and releases.ts use it). A module
 * below them all, so that none imports the app that imports it.
 */
export interface StaffSession {
  user: { id: string; email: string; name: string; role: StaffRole; twoFactorEnabled: boolean };
  session: { id: string; createdAt: Date; expiresAt: Date };
  passkeys: number;
}

export type StaffCall = <C extends CallDef>(def: C, area: StaffArea, handler: (input: HandlerInput<C> & { staff: StaffSession; actor: Actor }) => Promise<unknown> | unknown) => void;

/** A 409 whose content says who saved first and when (the staff call's wrapper, with content). */
export class ConflictAnswer extends Error {
  constructor(
    readonly c: Context,
    readonly conflict: StoryConflict,
  ) {
    super(conflict.message);
  }
  response() {
    return this.c.json(
      {
        code: CODE.conflict,
        message: this.conflict.message,
        data: { content: { by: this.conflict.by, at: this.conflict.at.toISOString(), version: this.conflict.version } },
        requestId: requestIdOfContext(this.c),
      },
      409,
    );
  }
}
