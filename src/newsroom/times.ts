/**
 * The newsroom's moments: the date a story shows and the time it is scheduled for are China
 * time (Asia/Shanghai, UTC+8 all year: China keeps no summer time), whatever the writer's own
 * zone; the console shows the writer's zone beside them (src/islands/staff/time.ts formats).
 */
export const NEWSROOM_ZONE = 'Asia/Shanghai';
const OFFSET = '+08:00';

/** Today's date in China, YYYY-MM-DD. */
export const todayInChina = (now: Date = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: NEWSROOM_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A datetime-local value read as China time ('2026-12-01T09:00') → an ISO moment with its offset; null when it is not one. */
export function chinaLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const iso = `${local}:00${OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An ISO moment → its datetime-local value in China time. */
export function isoToChinaLocal(iso: string): string {
  const china = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return china.slice(0, 16);
}
