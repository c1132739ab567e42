import { sql } from 'drizzle-orm';
import { newsItems } from './schema';

/**
 * A story's revision in one language, as the public API lists it to the nightly pull (the time its
 * row last changed, to the microsecond, UTC) and as a release keeps it (news-revisions.json): the one
 * expression both read.
 */
export const newsRevision = sql<string>`to_char(${newsItems.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
