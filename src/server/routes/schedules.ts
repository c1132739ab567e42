import { Hono } from 'hono';
import { z } from 'zod';
import { calls } from '../../contract/calls';
import { PointToPointQuery, SCHEDULE_PATH } from '../../contract/schedules';
import { describeIssues } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { loadSchedules } from '../../schedules';
import { pointToPointAnswer, type SiteQuery } from '../../schedules/site-wire';
import { resultsWorkbook } from '../../schedules/workbook';
import { SCHEDULE_SORTS, sortOptions } from '../../schedules/sort';
import { answerError, handle, WireError } from '../handle';

/**
 * /schedule/pointToPoint: the site's sailing search, and /schedule/pointToPoint.xlsx: the
 * same results as a workbook (the DCSA API for integrators is src/server/dcsa/).
 */
export function scheduleRoutes() {
  const router = new Hono();
  const answer = (query: SiteQuery, language: 0 | 1) => {
    const engine = loadSchedules();
    for (const [field, locode] of [
      ['from', query.from],
      ['to', query.to],
    ] as const)
      if (!engine.router.ports.has(locode)) throw new WireError(CODE.badRequest, `${field}: no service calls ${locode}`);
    return pointToPointAnswer(engine, query, language === 0 ? 'zh' : 'en');
  };
  handle(router, calls.schedulePointToPoint, ({ query, language }) => answer(query, language));

  const XlsxQuery = PointToPointQuery.safeExtend({ sort: z.enum(SCHEDULE_SORTS, 'must be departure, transit or co2').optional() });
  router.get(`${SCHEDULE_PATH.pointToPoint}.xlsx`, async (c) => {
    const parsed = XlsxQuery.safeParse(c.req.query());
    if (!parsed.success) return answerError(c, CODE.badRequest, describeIssues(parsed.error));
    const { sort, ...query } = parsed.data;
    const language = query.language ?? 1;
    let result: ReturnType<typeof answer>;
    try {
      result = answer(query, language);
    } catch (error) {
      if (error instanceof WireError) return answerError(c, error.code, error.message);
      throw error;
    }
    result.options = sortOptions(result.options, sort ?? 'departure');
    const title = `${query.from} → ${query.to} · ${query.date} +${query.weeks}w`;
    const bytes = await resultsWorkbook(result, language === 0 ? 'zh' : 'en', title);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="sailings-${query.from}-${query.to}-${query.date}.xlsx"`,
    });
  });
  return router;
}
