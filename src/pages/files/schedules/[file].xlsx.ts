import type { APIRoute } from 'astro';
import { loadRouteNetwork } from '../../../routes/route-network';
import { allScheduleFiles, findScheduleFile, scheduleStart, scheduleWorkbook } from '../../../help/service-schedules';

/**
 * /files/schedules/{scheduleUuid}.xlsx: every published service's long-term and
 * proforma schedules, written at build time from the route network (so a rebuild,
 * e.g. the nightly one, rolls the long-term schedules on to the current week).
 * The download call /homeapiak/schedule/downloads counts and redirects here.
 */
export function getStaticPaths() {
  return allScheduleFiles(loadRouteNetwork()).map((f) => ({ params: { file: f.scheduleUuid } }));
}

export const GET: APIRoute = async ({ params }) => {
  const net = loadRouteNetwork();
  const file = findScheduleFile(net, params.file!);
  if (!file) throw new Error(`no schedule file ${params.file}`);
  const bytes = await scheduleWorkbook(net, file, scheduleStart(new Date()));
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
};
