/** Paths and limits of the schedule search call, without zod (the island imports them; ./schedules.ts has the schemas). */
export const SCHEDULE_PATH = { pointToPoint: '/schedule/pointToPoint' } as const;
export const SCHEDULE_WEEKS_MAX = 8;
export const SCHEDULE_TONNES_MAX = 30_000;
