import { Hono } from 'hono';
import { z } from 'zod';
import { calls } from '../../contract/calls';
import { CODE, PATH } from '../../contract/wire';
import { capacityClass, certificateFile } from '../../content-model/schemas/vessels';
import { answerError, handle } from '../handle';
import { loadVessels } from '../content';
import type { AppDeps } from '../deps';
import { countDownload } from './help';

/** /ship/*: the fleet by capacity class, and the certificate download (counted in download_counts as ship:{id} when a database is given). */
export function shipRoutes(deps?: Pick<AppDeps, 'database'>) {
  const router = new Hono();

  handle(router, calls.ships, ({ query, language }) =>
    loadVessels()
      .filter((v) => capacityClass(v.capacityTeu) === query.slots)
      .map((v) => ({
        shipUuid: v.id,
        shipNameCn: v.name.zh,
        shipNameEn: v.name.en,
        createTime: String(v.built),
        length: v.lengthM,
        width: v.beamM,
        spdSpeed: v.speedKn,
        slots: capacityClass(v.capacityTeu),
        capacity: v.capacityTeu,
        bunting: language === 0 ? v.flag.zh : v.flag.en,
        imo: v.imo,
        shipPic: v.image ?? null,
      })),
  );

  // The certificates are static files (public/files/vessels/): the download checks the
  // vessel and sends the browser to the file, which the CDN serves.
  const ShipUuid = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  router.get(PATH.shipDownload, async (c) => {
    const id = c.req.query('shipUuid');
    if (!id) return answerError(c, CODE.badRequest, 'shipUuid: required, the id of a vessel');
    if (!ShipUuid.safeParse(id).success) return answerError(c, CODE.badRequest, 'shipUuid: must be a vessel id such as seabridge-harmony');
    const vessel = loadVessels().find((v) => v.id === id);
    if (!vessel) return answerError(c, CODE.notFound, `no vessel ${id}`);
    if (deps) await countDownload(deps.database.db, 'ship', vessel.id);
    return c.redirect(certificateFile(vessel), 302);
  });
  router.post(PATH.shipDownload, (c) => answerError(c, CODE.methodNotAllowed, `${PATH.shipDownload} takes GET`));

  return router;
}
