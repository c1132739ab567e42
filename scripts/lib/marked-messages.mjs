// Contact messages that can be told apart: each carries a marker in its text, so that what a burst
// of submissions left in the database can be held against what was answered. The rule: every
// submission answered 200 is stored, and none is stored twice. Used by the fault tests that kill a
// process mid-burst (tests/faults/kill-server.test.ts, tests/faults/two-processes.test.ts) and by
// the load bench's run through nginx with one API process killed (bench/load.mjs).
import pg from 'pg';

const TEXT = 'Submission';
const MARKER = new RegExp(`^${TEXT} ([\\w-]+):`);

/**
 * The contact form's fields (urlencoded, as the site's form posts them to
 * `contactUs/saveContactUs`) of a message marked `marker`.
 * @param {{ marker: string, sign: string, code: string, email?: string, userName?: string }} message
 */
export function markedMessage({ marker, sign, code, email = 'load.test@example.com', userName = 'Load Test' }) {
  if (!/^[\w-]+$/.test(marker)) throw new Error(`a marker is letters, digits, _ and -: ${marker}`);
  return new URLSearchParams({
    email,
    userName,
    companyName: 'Example Trading Co.',
    needCall: '1',
    tel: '',
    country: 'China/Shanghai/Shanghai',
    content: `${TEXT} ${marker}: please quote a 40HQ from Shanghai to Rotterdam.`,
    code,
    sign,
  });
}

/** The marker of a stored message's text, or null. */
export const markerOf = (/** @type {string} */ content) => MARKER.exec(content)?.[1] ?? null;

/**
 * Holds the markers answered 200 against the texts of the stored messages: `lost`, answered but
 * not stored; `duplicated`, stored more than once; `unanswered`, stored without a 200 reaching
 * the client (the process died after storing it, or the run ended while it was under way).
 * @param {string[]} answered
 * @param {string[]} contents
 */
export function reconcile(answered, contents) {
  const counts = new Map();
  for (const content of contents) {
    const marker = markerOf(content);
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  const acknowledged = new Set(answered);
  return {
    answered: answered.length,
    stored: counts.size,
    lost: answered.filter((m) => !counts.has(m)),
    duplicated: [...counts].filter(([, n]) => n > 1).map(([m]) => m),
    unanswered: [...counts.keys()].filter((m) => !acknowledged.has(m)),
  };
}

/** The texts of the messages stored in the PostgreSQL database at `databaseUrl` whose marker starts with `prefix`. */
export async function storedMessages(databaseUrl, prefix = '') {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select content from contact_messages where content like $1', [`${TEXT} ${prefix.replace(/[\\%_]/g, '\\$&')}%`]);
    return rows.map((r) => String(r.content));
  } finally {
    await client.end();
  }
}
