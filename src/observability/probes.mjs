// The readiness probe (GET /ready, served by scripts/start.mjs beside /homeapiak/health, the liveness
// probe): ready when the database answers, the served build is complete and the process has warmed
// up (one request of each kind made before any visitor's, so that no first request is slow).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Files every complete build has: a build that stopped midway lacks some (the search index and the sitemap come last). */
export const BUILD_COMPLETE_FILES = ['index.html', '404.html', 'sitemap.xml', 'pagefind/pagefind-entry.json'];

/** What the served folder lacks of a complete build (none: complete). */
export function servedBuildProblems(servedDir) {
  if (!existsSync(servedDir)) return [`no served folder at ${servedDir}`];
  return BUILD_COMPLETE_FILES.filter((file) => !existsSync(join(servedDir, file))).map((file) => `the served build lacks ${file}`);
}

/**
 * The readiness answer: HTTP 200 when every check passes, else 503 with the checks that failed.
 * @param {{ servedDir: string, warm: { done: boolean, problems: string[] }, databaseOk: () => Promise<boolean> }} probe
 */
export async function readiness(probe) {
  const problems = [];
  let databaseOk = false;
  try {
    databaseOk = await probe.databaseOk();
  } catch {
    databaseOk = false;
  }
  if (!databaseOk) problems.push('the database does not answer');
  problems.push(...servedBuildProblems(probe.servedDir));
  if (!probe.warm.done) problems.push('warming up');
  const body = { ready: problems.length === 0, databaseOk, buildComplete: servedBuildProblems(probe.servedDir).length === 0, warm: probe.warm.done, problems, warmUpProblems: probe.warm.problems };
  return { status: problems.length ? 503 : 200, body };
}
