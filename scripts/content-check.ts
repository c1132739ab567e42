/**
 * npm run content:check — checks every file under content/ against its schema
 * (src/content-model/registry.ts) without building the site: maintainers see each mistake
 * with its file, path and line in well under a second, and the build runs the same check
 * first (src/content-model/integration.ts).
 *
 * Usage: node scripts/content-check.ts              check ./content
 *        node scripts/content-check.ts --root DIR   check DIR/content
 *
 * Prints each problem (sorted by file and line) and exits 1, or prints one summary line
 * and exits 0.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkContentReport, formatProblem } from '../src/content-model/check.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: npm run content:check [-- --root DIR]');
  process.exit(0);
}

const { files, problems } = checkContentReport(resolve(values.root ?? '.'));
// since the process started: importing the schemas is part of what a maintainer waits for
const took = `${Math.round(performance.now())} ms`;
if (problems.length === 0) {
  console.log(`content:check: ${files} files OK (${took})`);
} else {
  const faulty = new Set(problems.map((p) => p.file)).size;
  console.error(problems.map(formatProblem).join('\n'));
  console.error(`content:check: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in ${faulty} ${faulty === 1 ? 'file' : 'files'} (${files} files checked, ${took})`);
  process.exitCode = 1;
}
