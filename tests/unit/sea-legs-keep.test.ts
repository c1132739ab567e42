import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayKeep } from '../../src/build/derived/cache.ts';
import { computeLegs, formatLegs } from '../../src/build/derived/generators/sea-legs.ts';
import { STEPS } from '../../src/build/derived/steps.ts';
import type { Port, Trade } from '../../src/content-model/schemas/routes.ts';

/**
 * The sea legs made again after a changed rotation (DERIVED_KEEP, src/build/derived/steps.ts): the legs of the
 * earlier run are kept for the keys still sailed, only the new ones are routed, and the file is the one a run
 * from scratch writes. tests/unit/derived.test.ts runs the step so in a copy of the project.
 */
const ports = (JSON.parse(readFileSync('content/routes/ports.json', 'utf8')) as { ports: Port[] }).ports;
const loop = (...calls: (string | [string, string])[]) =>
  ({ groups: [{ services: [{ code: 'T1', calls: calls.map((c) => (typeof c === 'string' ? { port: c } : { port: c[0], via: c[1] })) }] }] }) as unknown as Trade;

describe('sea legs kept from the run before', () => {
  it('a changed rotation routes only its new legs, and the file is the same as routing them all', () => {
    const before = computeLegs(ports, [loop('CNSHA', 'CNNGB', 'KRPUS', 'JPTYO')]);
    // Busan leaves the loop and Yantian joins it: CNNGB-KRPUS, KRPUS-JPTYO go, CNNGB-CNYTN, CNYTN-JPTYO come
    const after = [loop('CNSHA', 'CNNGB', 'CNYTN', 'JPTYO')];
    const routed = { count: 0 };
    const kept = computeLegs(ports, after, before, routed);
    expect(routed.count).toBe(2);
    expect(Object.keys(kept).sort()).toEqual(['CNNGB-CNYTN', 'CNSHA-CNNGB', 'CNYTN-JPTYO', 'JPTYO-CNSHA']);
    expect(formatLegs(kept)).toBe(formatLegs(computeLegs(ports, after)));
  });

  it('is asked for only when the trade files alone changed', () => {
    const legs = STEPS.find((s) => s.id === 'sea-legs')!;
    const network = STEPS.find((s) => s.id === 'carbon-network')!;
    expect(mayKeep(legs, ['content/routes/trades/11.json changed', 'content/routes/trades/19.json added'])).toBe(true);
    expect(mayKeep(legs, ['content/routes/trades/11.json changed', 'content/routes/ports.json changed'])).toBe(false);
    expect(mayKeep(legs, ['content/routes/trades/11.json changed', 'src/geo/sea-route.ts changed'])).toBe(false);
    expect(mayKeep(legs, ['content/routes/trades/11.json changed', 'content/routes/sea-legs.json edited by hand'])).toBe(false);
    expect(mayKeep(legs, ['content/routes/sea-legs.json missing'])).toBe(false);
    expect(mayKeep(legs, ['no stamp yet'])).toBe(false);
    expect(mayKeep(legs, [])).toBe(false);
    expect(mayKeep(network, ['content/routes/trades/11.json changed'])).toBe(false);
  });
});
