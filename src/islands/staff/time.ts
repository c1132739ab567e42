import { formatDateTime } from '../../shared/format-time';

/** A moment in the staff member's own time zone (the browser's), through the site's one date formatter. */
export const formatStaffTime = (iso: string, lang: 'en' | 'zh') => formatDateTime(iso, lang, Intl.DateTimeFormat().resolvedOptions().timeZone);
