/** Spec paths of the schedule pages (the locale prefix is added by localePath). */
export const SCHEDULES_PATH = '/home/Services/schedules';
export const portSchedulePath = (locode: string) => `${SCHEDULES_PATH}/port/${locode}`;
export const vesselSchedulePath = (imo: string) => `${SCHEDULES_PATH}/vessel/${imo}`;
/** The search page with a query (origin, destination and other fields as URL parameters). */
export const scheduleSearchPath = (query: Record<string, string>) => `${SCHEDULES_PATH}?${new URLSearchParams(query).toString()}`;
