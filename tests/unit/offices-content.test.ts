import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFICE_AREAS } from '../../src/contract/wire';
import { loadOffices, buildNetwork } from '../../src/offices/offices';
import { AreaFile } from '../../src/content-model/schemas/offices';

const files = readdirSync('content/offices')
  .filter((f) => f.endsWith('.json'))
  .sort();
const read = (f: string) => JSON.parse(readFileSync(`content/offices/${f}`, 'utf8'));

/** International calling codes of the countries in the content (by the office id's country part: Hong Kong is HK). */
const CALLING: Record<string, string> = {
  CN: '86',
  HK: '852',
  JP: '81',
  KR: '82',
  SG: '65',
  MY: '60',
  TH: '66',
  VN: '84',
  ID: '62',
  PH: '63',
  KH: '855',
  BD: '880',
  IN: '91',
  PK: '92',
  LK: '94',
  AE: '971',
  SA: '966',
  NL: '31',
  DE: '49',
  BE: '32',
  GB: '44',
  FR: '33',
  ES: '34',
  IT: '39',
  GR: '30',
  PL: '48',
  SE: '46',
  DK: '45',
  PT: '351',
  TR: '90',
  RU: '7',
  US: '1',
  CA: '1',
  MX: '52',
  PA: '507',
  BR: '55',
  AR: '54',
  CL: '56',
  PE: '51',
  EC: '593',
  CO: '57',
  ZA: '27',
  EG: '20',
  NG: '234',
  KE: '254',
  TZ: '255',
  MA: '212',
  GH: '233',
  MZ: '258',
  AO: '244',
  DZ: '213',
  AU: '61',
  NZ: '64',
  PG: '675',
  FJ: '679',
};

describe('office content', () => {
  it('has one file per continent, each matching its schema', () => {
    expect(files).toEqual([...OFFICE_AREAS].map((a) => `${a}.json`).sort());
    for (const f of files) {
      const result = AreaFile.safeParse(read(f));
      expect([f, ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))]).toEqual([f]);
      expect(result.data!.area).toBe(f.replace('.json', ''));
    }
  });

  it('covers all five continents, at least 40 countries and 80 offices, China with several cities', () => {
    const net = loadOffices();
    expect([...net.areas.keys()].sort()).toEqual([...OFFICE_AREAS].sort());
    for (const area of OFFICE_AREAS) expect(net.areas.get(area)!.length, area).toBeGreaterThanOrEqual(4);
    expect(net.countries.size).toBeGreaterThanOrEqual(40);
    expect(net.offices.size).toBeGreaterThanOrEqual(80);
    const china = net.countries.get('china')!;
    expect(new Set(china.offices.map((o) => o.cityKey)).size).toBeGreaterThanOrEqual(8);
    // more than one page, so that Load More has something to load
    expect(china.offices.length).toBeGreaterThan(10);
  });

  it('gives every office a phone in its country format, a company address and linkmen of known departments', () => {
    const departments = new Set(['Sales', 'Customer Service', 'Operations', 'Documentation', 'Equipment', 'Finance']);
    const problems: string[] = [];
    for (const { office } of loadOffices().all) {
      const code = CALLING[office.id.slice(0, 2)];
      if (!code) problems.push(`${office.id}: no calling code known`);
      for (const number of [office.tel, office.fax, ...office.linkmen.flatMap((l) => [l.tel, l.fax])]) {
        if (number && !number.startsWith(`+${code} `)) problems.push(`${office.id}: ${number} is not a +${code} number`);
      }
      for (const l of office.linkmen) {
        if (!departments.has(l.department.en)) problems.push(`${office.id}: department ${l.department.en}`);
        if (!/^https:\/\//.test(l.email) && !/^[a-z0-9.]+@seabridgelines\.com$/.test(l.email)) problems.push(`${office.id}: e-mail ${l.email}`);
      }
      if (office.address.zh === office.address.en) problems.push(`${office.id}: the Chinese address is the English one`);
    }
    expect(problems).toEqual([]);
  });

  it('has Chinese linkman names at the Chinese offices and a few contact-form links', () => {
    const net = loadOffices();
    for (const { office } of net.countries.get('china')!.offices) {
      for (const l of office.linkmen) expect(typeof l.name === 'object' && /^[\u4e00-\u9fff]{2,4}$/.test(l.name.zh), `${office.id} ${JSON.stringify(l.name)}`).toBe(true);
    }
    const forms = net.all.flatMap((e) => e.office.linkmen).filter((l) => l.email.startsWith('http'));
    expect(forms.length).toBeGreaterThanOrEqual(3);
  });

  it('derives URL segments that are unique and plain ASCII', () => {
    const net = loadOffices();
    for (const entry of net.all) {
      expect(entry.country.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.cityKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(net.offices.get('BRSAO01')!.cityKey).toBe('sao-paulo');
    expect(net.offices.get('DEDUS01')!.cityKey).toBe('dusseldorf');
    expect(net.countries.get('united-states')!.country.code).toBe('US');
  });

  it('refuses a duplicate office id or a city spelt two ways, naming the file', () => {
    const asia = read('asia.json');
    const all = files.map((f) => ({ file: `content/offices/${f}`, raw: read(f) }));
    const dup = structuredClone(asia);
    dup.countries[0].offices[1].id = dup.countries[0].offices[0].id;
    expect(() => buildNetwork(all.map((f) => (f.file.endsWith('asia.json') ? { ...f, raw: dup } : f)))).toThrow(/content\/offices\/asia\.json: office id CNSHA01 is used twice/);
    const spelling = structuredClone(asia);
    spelling.countries[0].offices[1].city.zh = '沪';
    expect(() => buildNetwork(all.map((f) => (f.file.endsWith('asia.json') ? { ...f, raw: spelling } : f)))).toThrow(/one city, one spelling/);
    const bad = structuredClone(asia);
    bad.countries[0].offices[0].tel = '021-65968000';
    expect(() => buildNetwork(all.map((f) => (f.file.endsWith('asia.json') ? { ...f, raw: bad } : f)))).toThrow(/asia\.json: countries\.0\.offices\.0\.tel/);
  });
});
