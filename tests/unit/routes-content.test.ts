import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIRECTION_IDS, DirectionsFile, PortsFile, Trade } from '../../src/content-model/schemas/routes';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const issues = (r: z.ZodSafeParseResult<unknown>) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

describe('route content', () => {
  const ports = PortsFile.safeParse(read('content/routes/ports.json'));
  const directions = DirectionsFile.safeParse(read('content/routes/directions.json'));
  const tradeFiles = readdirSync('content/routes/trades')
    .filter((f) => f.endsWith('.json'))
    .sort();
  const trades = tradeFiles.map((f) => ({ file: f, result: Trade.safeParse(read(`content/routes/trades/${f}`)) }));

  it('files match their schemas', () => {
    expect(issues(ports)).toEqual([]);
    expect(issues(directions)).toEqual([]);
    for (const t of trades) expect([t.file, ...issues(t.result)]).toEqual([t.file]);
  });

  it('has all eight trade tabs, each with a file of at least four services', () => {
    expect(directions.data!.directions.map((d) => d.id).sort()).toEqual([...DIRECTION_IDS].sort());
    expect(tradeFiles).toEqual([...DIRECTION_IDS].map((id) => `${id}.json`).sort());
    for (const t of trades) {
      expect(`${t.file}:${t.result.data!.direction}.json`).toBe(`${t.file}:${t.file}`);
      const services = t.result.data!.groups.flatMap((g) => g.services);
      expect(services.length, t.file).toBeGreaterThanOrEqual(4);
    }
  });

  it('ids and codes are unique, ports and terminals exist', () => {
    const portByCode = new Map(ports.data!.ports.map((p) => [p.locode, p]));
    expect(portByCode.size).toBe(ports.data!.ports.length);
    const groups = trades.flatMap((t) => t.result.data!.groups);
    const groupIds = groups.map((g) => g.id);
    expect(new Set(groupIds).size).toBe(groupIds.length);
    const codes = groups.flatMap((g) => g.services.map((s) => s.code));
    expect(new Set(codes).size).toBe(codes.length);
    const problems: string[] = [];
    for (const s of groups.flatMap((g) => g.services))
      for (const c of s.calls) {
        const port = portByCode.get(c.port);
        if (!port) problems.push(`${s.code}: unknown port ${c.port}`);
        else if (!port.terminals.some((t) => t.code === c.terminal)) problems.push(`${s.code}: ${c.port} has no terminal ${c.terminal}`);
      }
    expect(problems).toEqual([]);
  });

  it('every port is called by some service', () => {
    const called = new Set(trades.flatMap((t) => t.result.data!.groups.flatMap((g) => g.services.flatMap((s) => s.calls.map((c) => c.port)))));
    expect(ports.data!.ports.map((p) => p.locode).filter((code) => !called.has(code))).toEqual([]);
  });
});
