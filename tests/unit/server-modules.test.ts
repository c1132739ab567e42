import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/lib/server-modules.mjs: a script's bundle of the server's modules is kept and used again
 * while the files it was made of are as they were, and made again when one of them changed.
 */
const project = resolve(__dirname, '../..');
const folder = `var/.test-server-modules/${process.pid}`;
const cache = join(project, 'var/.cache/server-modules');
const name = `test-modules-${process.pid}`;
const script = `import { importServerModules } from ${JSON.stringify(join(project, 'scripts/lib/server-modules.mjs'))};
const m = await importServerModules(${JSON.stringify(name)}, { '${folder}/answer.ts': 'answer' });
console.log(m.answer);`;

/** The module's value as a new process imports it. */
const run = () => execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' }).trim();
const kept = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.startsWith(`${name}-`)) : []);
/** The source written, with a time in the past (a file changed just now is not kept: it may change while bundled). */
function source(value: number, secondsAgo: number) {
  const file = join(project, folder, 'answer.ts');
  writeFileSync(file, `import { twice } from './twice';\nexport const answer: number = twice(${value});\n`);
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(file, at, at);
}

afterAll(() => {
  rmSync(join(project, folder), { recursive: true, force: true });
  for (const f of kept()) rmSync(join(cache, f), { force: true });
});

describe('the server modules a script imports', () => {
  it('are bundled once, used again while their files are unchanged, bundled again when one changed', () => {
    mkdirSync(join(project, folder), { recursive: true });
    writeFileSync(join(project, folder, 'twice.ts'), 'export const twice = (n: number): number => 2 * n;\n');
    const old = Date.now() / 1000 - 60;
    utimesSync(join(project, folder, 'twice.ts'), old, old);
    source(1, 60);
    expect(run()).toBe('2');
    const files = kept();
    expect(files.map((f) => f.replace(/-[0-9a-f]{16}/, '-KEY')).sort()).toEqual([`${name}-KEY.mjs`, `${name}-KEY.mjs.inputs.json`]);
    const bundle = join(cache, files.find((f) => f.endsWith('.mjs'))!);
    const made = statSync(bundle);
    // the record names both files the bundle holds
    expect(Object.keys(JSON.parse(execFileSync('cat', [`${bundle}.inputs.json`], { encoding: 'utf8' }))).sort()).toEqual([`${folder}/answer.ts`, `${folder}/twice.ts`]);

    expect(run()).toBe('2');
    expect(statSync(bundle).ino).toBe(made.ino);

    // an imported module changed (another time): the bundle is made again
    writeFileSync(join(project, folder, 'twice.ts'), 'export const twice = (n: number): number => 20 * n;\n');
    utimesSync(join(project, folder, 'twice.ts'), old + 1, old + 1);
    expect(run()).toBe('20');
    expect(statSync(bundle).ino).not.toBe(made.ino);

    // a file changed just now: bundled and used, not kept
    const before = statSync(bundle).ino;
    source(3, 0);
    expect(run()).toBe('60');
    expect(statSync(bundle).ino).toBe(before);
    expect(kept()).toHaveLength(2);
    // once it has settled, kept
    source(4, 60);
    expect(run()).toBe('80');
    expect(statSync(bundle).ino).not.toBe(before);
  });
});
