import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, DerivedError, expand, mayKeep, record, type StepReport, update } from '../../src/build/derived/cache.ts';
import { type DerivedStep, STEPS } from '../../src/build/derived/steps.ts';

/**
 * The derived files (src/build/derived): in a private copy of the project (the content, public/,
 * the code; node_modules linked), what runs after which change. Costs about 3 s: the changed
 * rotation routes its new legs only (the step keeps the others, DerivedStep.keeps); everything else
 * is hashing and generators of 0.1 s. A stale tree (a changed generator not stamped) routes all
 * 200 legs in the first update, some 25 s more.
 */
const ROOT = process.cwd();
const LEFT_OUT = new Set(['node_modules', 'dist', '.git', '.astro', 'test-results', 'var']);
let copy = '';
let first: StepReport[] = [];

const ran = (reports: StepReport[]) => reports.filter((r) => r.action !== 'current').map((r) => r.id);
const read = (path: string) => readFileSync(join(copy, path));
const readJson = (path: string) => JSON.parse(read(path).toString('utf8'));
const writeJson = (path: string, data: unknown) => writeFileSync(join(copy, path), `${JSON.stringify(data, null, 2)}\n`);
const outputsOf = (id: string) => {
  const step = STEPS.find((s) => s.id === id)!;
  return new Map(expand(copy, step.outputs).map((f) => [f, read(f)]));
};

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'derived-'));
  cpSync(ROOT, copy, { recursive: true, filter: (src) => !LEFT_OUT.has(relative(ROOT, src).split(sep)[0]) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  // normally runs nothing (the first test says so); if the tree is stale, it makes the copy current for the others
  first = await update(copy);
}, 120_000);

afterAll(() => {
  if (!copy) return;
  unlinkSync(join(copy, 'node_modules'));
  rmSync(copy, { recursive: true, force: true });
});

describe('derived files', () => {
  it('of the tree as it is are current: nothing runs (else run npm run derived and commit src/build/derived/stamps.json)', () => {
    expect(
      first.filter((r) => r.action !== 'current').map((r) => `${r.title}: ${r.reasons.join(', ')}`),
      'stale steps',
    ).toEqual([]);
    expect(first.map((r) => r.id)).toEqual(STEPS.map((s) => s.id));
  });

  it('are listed consistently: scripts exist, outputs are disjoint and match files, a step reads no later output, order follows `after`', () => {
    const owner = new Map<string, string>();
    STEPS.forEach((step, i) => {
      expect(existsSync(join(ROOT, step.script)), step.script).toBe(true);
      const outputs = expand(ROOT, step.outputs);
      expect(outputs.length, `${step.id} has outputs`).toBeGreaterThan(0);
      for (const f of outputs) {
        expect(owner.get(f), `${f} written by ${owner.get(f)} and ${step.id}`).toBeUndefined();
        owner.set(f, step.id);
      }
      for (const id of step.after ?? [])
        expect(
          STEPS.slice(0, i).some((s) => s.id === id),
          `${step.id} after ${id}`,
        ).toBe(true);
      if (step.needs === 'chromium') expect(step.requires, `${step.id} says what it needs`).toBeTruthy();
    });
    STEPS.forEach((step, i) => {
      for (const f of expand(ROOT, step.inputs)) {
        const by = owner.get(f);
        if (by)
          expect(
            STEPS.findIndex((s) => s.id === by),
            `${step.id} reads ${f}, written by ${by} after it`,
          ).toBeLessThan(i);
      }
    });
  });

  it('a changed call time makes the carbon network stale, naming the trade file; not the sea legs, which read only ports and passages', () => {
    const [file] = readdirSync(join(copy, 'content/routes/trades')).filter((f) => f.endsWith('.json'));
    const path = `content/routes/trades/${file}`;
    const trade = readJson(path);
    const call = trade.groups[0].services[0].calls[0];
    call.departure.time = call.departure.time.endsWith(':30') ? call.departure.time.replace(':30', ':00') : call.departure.time.replace(/:\d\d$/, ':30');
    writeJson(path, trade);
    const stale = check(copy).filter((s) => s.state === 'stale');
    expect(stale.map((s) => s.step.id)).toEqual(['carbon-network']);
    for (const s of stale) expect(s.reasons).toContain(`${path} changed`);
  });

  it('a changed rotation: the sea legs and the carbon network run and change, the other steps do not run; then all is current', async () => {
    const [file] = readdirSync(join(copy, 'content/routes/trades')).filter((f) => f.endsWith('.json'));
    const path = `content/routes/trades/${file}`;
    const trade = readJson(path);
    const service = trade.groups
      .flatMap((g: { services: { calls: { port: string; terminal: string }[] }[] }) => g.services)
      .find((s: { calls: { port: string }[] }) => s.calls.length >= 4 && s.calls[1].port !== s.calls[2].port);
    // the second and third calls change places (their times stay, so the rotation stays valid)
    const [b, c] = [service.calls[1], service.calls[2]];
    [b.port, c.port, b.terminal, c.terminal] = [c.port, b.port, c.terminal, b.terminal];
    writeJson(path, trade);
    const before = { legs: read('content/routes/sea-legs.json'), network: read('content/carbon/network.json') };
    const reports = await update(copy);
    expect(ran(reports)).toEqual(['sea-legs', 'carbon-network']);
    expect(reports[0].reasons).toEqual([`${path} changed`]);
    // the trades alone changed: the legs already routed are kept, only the new ones routed (tests/unit/sea-legs-keep.test.ts)
    expect(mayKeep(STEPS[0], reports[0].reasons)).toBe(true);
    expect(reports[1].reasons).toContain('content/routes/sea-legs.json changed');
    expect(read('content/routes/sea-legs.json').equals(before.legs)).toBe(false);
    expect(read('content/carbon/network.json').equals(before.network)).toBe(false);
    expect(Object.keys(JSON.parse(read('content/routes/sea-legs.json').toString('utf8')))).toContain(`${service.calls[0].port}-${b.port}`);
    expect(ran(await update(copy))).toEqual([]);
  }, 600_000);

  it('a deleted or hand-edited output: its step runs and draws it again, byte for byte; nothing else runs', async () => {
    const certificates = outputsOf('certificates');
    const pictures = outputsOf('scl-artwork');
    const [gone] = certificates.keys();
    const [edited] = pictures.keys();
    unlinkSync(join(copy, gone));
    writeFileSync(join(copy, edited), `${read(edited)}<!-- touched -->`);
    const reports = await update(copy);
    expect(ran(reports).sort()).toEqual(['certificates', 'scl-artwork']);
    expect(reports.find((r) => r.id === 'certificates')!.reasons).toEqual([`${gone} missing`]);
    expect(reports.find((r) => r.id === 'scl-artwork')!.reasons).toEqual([`${edited} edited by hand`]);
    expect(outputsOf('certificates')).toEqual(certificates);
    expect(outputsOf('scl-artwork')).toEqual(pictures);
  }, 300_000);

  it("a changed generator library reruns every step that imports it (the generators' code is an input), with the same bytes", async () => {
    const before = ['help-documents', 'local-assets', 'certificates'].map(outputsOf);
    writeFileSync(join(copy, 'src/build/derived/generators/lib/pdf.mjs'), `${read('src/build/derived/generators/lib/pdf.mjs')}\n// a comment\n`);
    const reports = await update(copy);
    expect(ran(reports)).toEqual(['help-documents', 'local-assets', 'certificates']);
    expect(reports.find((r) => r.id === 'certificates')!.reasons).toEqual(['src/build/derived/generators/lib/pdf.mjs changed']);
    expect(['help-documents', 'local-assets', 'certificates'].map(outputsOf)).toEqual(before);
  }, 300_000);

  it('a generator that fails stops the update with its command and what it said', async () => {
    const vessels = read('content/vessels.json');
    writeFileSync(join(copy, 'content/vessels.json'), '[{');
    try {
      await expect(update(copy)).rejects.toThrow(/vessel certificates: node src\/build\/derived\/generators\/make-certificates\.mjs failed[\s\S]*JSON/);
    } finally {
      writeFileSync(join(copy, 'content/vessels.json'), vessels);
    }
    expect(ran(await update(copy))).toEqual([]);
  }, 300_000);

  it('a Chromium step whose input changed is not run: the update stops, naming the stale files, the change and the command', async () => {
    // no real step needs Chromium (src/build/derived/generators/make-documents.mjs reads no content: NOT_STEPS says why); one that would
    const drawn: DerivedStep = {
      id: 'reports',
      title: 'reports',
      script: 'src/build/derived/generators/make-documents.mjs',
      command: 'node src/build/derived/generators/make-documents.mjs',
      inputs: ['content/about/reports.json'],
      outputs: ['public/files/reports/*.pdf'],
      needs: 'chromium',
      requires: 'Debian packages chromium and fonts-noto-cjk',
    };
    const steps = [...STEPS, drawn];
    record(copy, steps, ['reports']);
    expect(ran(await update(copy, { steps }))).toEqual([]);
    writeFileSync(join(copy, 'content/about/reports.json'), `${read('content/about/reports.json')}\n`);
    const error = await update(copy, { steps }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DerivedError);
    expect((error as Error).message).toBe(
      'public/files/reports/*.pdf are stale: content/about/reports.json changed since they were drawn. Run: node src/build/derived/generators/make-documents.mjs (needs Debian packages chromium and fonts-noto-cjk)',
    );
    expect((error as DerivedError).reports.at(-1)!.action).toBe('stale');
    // a person runs the command (here: one file redrawn): the next update stamps the new drawing
    const [pdf] = expand(copy, drawn.outputs);
    writeFileSync(join(copy, pdf), `${read(pdf)}\n`);
    const reports = await update(copy, { steps });
    expect(reports.at(-1)!.action).toBe('recorded');
    expect(ran(await update(copy, { steps }))).toEqual([]);
  }, 300_000);
});
