import { CODE } from '../../contract/wire';
import { releaseCalls } from '../../releases/contract';
import { describeReleases, lastSwitch, useRelease } from '../../releases/releases.mjs';
import type { ReleasePaths } from '../../releases/site-state';
import { audit } from '../../staff/audit';
import type { Db } from '../db';
import { WireError } from '../handle';
import type { StaffCall } from './session';

/** The site's releases in the console (admins): the list, and a switch to any kept one, audited. */
export function registerReleases(staffCall: StaffCall, db: Db, site: ReleasePaths) {
  staffCall(releaseCalls.list, 'releases', () => ({ releases: describeReleases(site), lastSwitch: lastSwitch(site) }));
  staffCall(releaseCalls.use, 'releases', async ({ body, actor }) => {
    let moved: { from: string | null; to: string };
    try {
      moved = useRelease(site, body.name, `${actor.email} (console)`);
    } catch (error) {
      throw new WireError(CODE.notFound, (error as Error).message);
    }
    await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'release.used', subject: moved.to, detail: `was ${moved.from ?? 'a plain build'}`, clientAddress: actor.clientAddress });
    return moved;
  });
}
