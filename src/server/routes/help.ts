import { Hono } from 'hono';
import { inArray, sql } from 'drizzle-orm';
import { calls } from '../../contract/calls';
import { HELP_PATH } from '../../contract/help';
import { CODE } from '../../contract/wire';
import type { Locale } from '../../i18n/locales';
import { loadFaq, searchFaq } from '../../help/faq';
import { loadDownloads, loadTariffs, POPULAR_DOWNLOADS } from '../../help/help-downloads';
import { loadRouteNetwork } from '../../routes/route-network';
import { findScheduleFile, isPublished, scheduleFiles, scheduleTrades, tradeOfGroupName } from '../../help/service-schedules';
import type { Db } from '../db';
import { downloadCounts } from '../db/schema';
import { answerError, handle, WireError } from '../handle';
import { loadVessels } from '../content';
import type { AppDeps } from '../deps';

/** The kinds of counted downloads, the first part of download_counts.file_key. */
export type DownloadKind = 'schedule' | 'file' | 'ship';

/** One atomic increment of a file's download counter (insert … on conflict do update). */
export async function countDownload(db: Db, kind: DownloadKind, id: string): Promise<number> {
  const [row] = await db
    .insert(downloadCounts)
    .values({ fileKey: `${kind}:${id}`, kind, count: 1, lastDownloadAt: sql`now()` })
    .onConflictDoUpdate({ target: downloadCounts.fileKey, set: { count: sql`${downloadCounts.count} + 1`, lastDownloadAt: sql`now()` } })
    .returning();
  return Number(row.count);
}

/** Counters of some files: key → count and last download (files never downloaded are absent). */
async function readCounts(db: Db, kind: DownloadKind, ids: string[]): Promise<Map<string, { count: number; last: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(downloadCounts)
    .where(
      inArray(
        downloadCounts.fileKey,
        ids.map((id) => `${kind}:${id}`),
      ),
    );
  return new Map(rows.map((r) => [r.fileKey.slice(kind.length + 1), { count: Number(r.count), last: r.lastDownloadAt ? r.lastDownloadAt.getTime() : 0 }]));
}

/** Ranks ids by count, then the latest download, then their given order. */
function rank(ids: string[], counts: Map<string, { count: number; last: number }>): string[] {
  return ids
    .map((id, order) => ({ id, order, ...(counts.get(id) ?? { count: 0, last: 0 }) }))
    .sort((a, b) => b.count - a.count || b.last - a.last || a.order - b.order)
    .map((r) => r.id);
}

const localeOf = (language: 0 | 1): Locale => (language === 0 ? 'zh' : 'en');
const SAFE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The help centre (FAQ, schedules, downloads, tariffs) calls. */
export function helpRoutes({ database }: AppDeps) {
  const router = new Hono();
  const net = () => loadRouteNetwork();

  // ---- FAQ ----
  handle(router, calls.faqTypes, ({ language }) => loadFaq(localeOf(language)).map((t) => ({ id: t.id, faqType: t.name })));

  handle(router, calls.faqByType, ({ query, body, language }) => {
    const fields = { ...query, ...(body ?? {}) };
    if (!fields.faqTypeUuid) throw new WireError(CODE.badRequest, 'faqTypeUuid: required, the id of an FAQ type (see /faqType/faqTypeAll)');
    if ((fields.currentPage === undefined) !== (fields.size === undefined))
      throw new WireError(
        CODE.badRequest,
        `${fields.size === undefined ? 'size' : 'currentPage'}: required with ${fields.size === undefined ? 'currentPage' : 'size'} (send both to page, neither for the whole list)`,
      );
    const type = loadFaq(localeOf(language)).find((t) => t.id === fields.faqTypeUuid);
    if (!type) throw new WireError(CODE.notFound, `no FAQ type ${fields.faqTypeUuid}`);
    const entries = searchFaq([type], fields.faqTitle ?? '')[0]?.entries ?? [];
    const page = fields.currentPage && fields.size ? entries.slice((fields.currentPage - 1) * fields.size, fields.currentPage * fields.size) : entries;
    return page.map((e) => ({ id: e.id, faqTypeUuid: type.id, title: e.title, content: e.html }));
  });

  // ---- service schedules ----
  handle(router, calls.scheduleGroups, ({ language }) => scheduleTrades(net()).map((t) => ({ name: t.groupName, trade: t.trade, tradeName: t.direction.name[localeOf(language)] })));

  handle(router, calls.scheduleLoops, ({ query, language }) => {
    const trades = scheduleTrades(net());
    const wanted = query.tradeName.toLowerCase();
    const trade = trades.find((t) => t.trade.toLowerCase() === wanted) ?? trades.find((t) => t.trade.toLowerCase() === tradeOfGroupName(query.tradeName).toLowerCase());
    if (!trade) throw new WireError(CODE.notFound, `no trade ${query.tradeName}; trades are ${trades.map((t) => t.trade).join(', ')}`);
    return trade.services.map(({ service, groupId }) => ({
      service: service.name[localeOf(language)],
      serviceCode: service.code,
      isInServiceLoop: isPublished(service.code),
      serLpUuid: service.code,
      serLpGroupUuid: groupId,
    }));
  });

  handle(router, calls.scheduleFiles, ({ query, language }) => {
    if (!net().services.has(query.serviceCode)) throw new WireError(CODE.notFound, `no service with code ${query.serviceCode}`);
    return scheduleFiles(query.serviceCode).map((f) => ({
      excelName: f.name[localeOf(language)],
      scheduleUuid: f.scheduleUuid,
      kind: f.kind,
      downloadUrl: `${HELP_PATH.scheduleDownload}?scheduleUuid=${f.scheduleUuid}`,
    }));
  });

  // A download counts, then sends the browser to the static file (which the CDN serves).
  router.get(HELP_PATH.scheduleDownload, async (c) => {
    const id = c.req.query('scheduleUuid');
    if (!id) return answerError(c, CODE.badRequest, 'scheduleUuid: required, the id of a schedule file (see /schedule/findExeclPath)');
    if (id.length > 64 || !SAFE_ID.test(id)) return answerError(c, CODE.badRequest, 'scheduleUuid: must be a schedule file id such as psx-long-term');
    const file = findScheduleFile(net(), id);
    if (!file) return answerError(c, CODE.notFound, `no schedule file ${id}`);
    await countDownload(database.db, 'schedule', file.scheduleUuid);
    return c.redirect(file.path, 302);
  });
  router.post(HELP_PATH.scheduleDownload, (c) => answerError(c, CODE.methodNotAllowed, `${HELP_PATH.scheduleDownload} takes GET`));

  // ---- downloads ----
  router.get(HELP_PATH.fileDownload, async (c) => {
    const id = c.req.query('fileStatisticsUuid');
    const fileType = c.req.query('fileType');
    const language = c.req.query('language');
    if (!id) return answerError(c, CODE.badRequest, 'fileStatisticsUuid: required, the id of a document of the Downloads page');
    if (id.length > 64 || !SAFE_ID.test(id)) return answerError(c, CODE.badRequest, 'fileStatisticsUuid: must be a document id such as bl-terms');
    if (language !== undefined && language !== '0' && language !== '1') return answerError(c, CODE.badRequest, 'language must be 0 (Chinese) or 1 (English)');
    const file = loadDownloads().files.find((f) => f.id === id);
    if (!file) return answerError(c, CODE.notFound, `no document ${id}`);
    if (fileType !== undefined && fileType !== file.fileType) return answerError(c, CODE.badRequest, `fileType: ${id} is a ${file.fileType} file`);
    await countDownload(database.db, 'file', file.id);
    return c.redirect(file.file[language === '0' ? 'zh' : 'en'], 302);
  });
  router.post(HELP_PATH.fileDownload, (c) => answerError(c, CODE.methodNotAllowed, `${HELP_PATH.fileDownload} takes GET`));

  handle(router, calls.popularDownloads, async () => {
    const files = loadDownloads().files;
    const ids = files.map((f) => f.id);
    const counts = await readCounts(database.db, 'file', ids);
    return rank(ids, counts)
      .slice(0, POPULAR_DOWNLOADS)
      .map((id) => {
        const f = files.find((x) => x.id === id)!;
        return { fileStatisticsUuid: f.id, fileNameCn: f.name.zh, fileNameEn: f.name.en, fileType: f.fileType, count: counts.get(id)?.count ?? 0 };
      });
  });

  handle(router, calls.popularCertificates, async () => {
    const vessels = loadVessels();
    const counts = await readCounts(
      database.db,
      'ship',
      vessels.map((v) => v.id),
    );
    return rank(
      vessels.map((v) => v.id).filter((id) => counts.has(id)),
      counts,
    )
      .slice(0, POPULAR_DOWNLOADS)
      .map((id) => {
        const v = vessels.find((x) => x.id === id)!;
        return { shipUuid: v.id, shipNameCn: v.name.zh, shipNameEn: v.name.en, count: counts.get(id)!.count };
      });
  });

  // ---- EU inland tariffs ----
  handle(router, calls.tariffs, ({ language }) => {
    const locale = localeOf(language);
    return loadTariffs().tariffs.map((t) => ({ europeTariffName: t.name[locale], europeTariffPath: t.file[locale], id: t.id, country: t.country[locale], validFrom: t.validFrom, validTo: t.validTo }));
  });

  return router;
}
