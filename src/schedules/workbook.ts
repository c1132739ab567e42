import type { PointToPointAnswer } from '../contract/schedules';
import type { Locale } from '../i18n/locales';
import { formatLocalDateTime } from './local-time';
import { writeWorkbook, type SheetCell } from './spreadsheet';

/**
 * The search results as an .xlsx workbook (GET /schedule/pointToPoint.xlsx, the island's
 * download link): one row per leg, the option's number, transit, transhipments, cut-offs and
 * CO2e on its first row; times are the ports' local times with their offsets.
 */

const HEAD: Record<Locale, string[]> = {
  en: [
    'Option',
    'Vessel',
    'Voyage',
    'Service',
    'From',
    'Departure',
    'To',
    'Arrival',
    'Transit (days)',
    'Transhipments',
    'Documents cut-off',
    'Port / CY cut-off',
    'VGM cut-off',
    'kg CO2e per TEU (TTW)',
    'kg CO2e per TEU (WTW)',
    'kg CO2e cargo (WTW)',
  ],
  zh: [
    '方案',
    '船名',
    '航次',
    '航线',
    '起运港',
    '开航时间',
    '目的港',
    '抵港时间',
    '航程（天）',
    '中转次数',
    '截单时间',
    '截重柜时间',
    'VGM截止时间',
    '每TEU碳排放（TTW，千克）',
    '每TEU碳排放（WTW，千克）',
    '货物碳排放（WTW，千克）',
  ],
};

export function resultsWorkbook(answer: PointToPointAnswer, locale: Locale, title: string): Promise<Buffer> {
  const when = (v: string) => formatLocalDateTime(v, locale);
  const cell = (value: string | number | null): SheetCell => ({ value, style: 'cell' });
  const rows: SheetCell[][] = [
    [{ value: title, style: 'title' }],
    [{ value: `${locale === 'zh' ? '船期更新于' : 'Schedules as of'} ${answer.asOf}`, style: 'subtitle' }],
    [],
    HEAD[locale].map((value) => ({ value, style: 'header' })),
  ];
  answer.options.forEach((o, n) => {
    const cut = (kind: string) => when(o.cutOffs.find((c) => c.kind === kind)!.local);
    o.legs.forEach((l, i) => {
      const first = i === 0;
      rows.push([
        cell(first ? n + 1 : ''),
        cell(l.vessel),
        cell(l.voyage),
        cell(`${l.service} ${l.serviceName}`),
        cell(`${l.from.name} (${l.from.locode})`),
        cell(when(l.departure)),
        cell(`${l.to.name} (${l.to.locode})`),
        cell(when(l.arrival)),
        cell(first ? o.transitDays : ''),
        cell(first ? o.transhipments : ''),
        cell(first ? cut('documentation') : ''),
        cell(first ? cut('portCY') : ''),
        cell(first ? cut('vgm') : ''),
        cell(first ? o.co2PerTeu.ttw : ''),
        cell(first ? o.co2PerTeu.wtw : ''),
        cell(first && o.co2Cargo ? o.co2Cargo.wtw : ''),
      ]);
    });
  });
  return writeWorkbook([{ name: locale === 'zh' ? '船期' : 'Sailings', rows, widths: [8, 22, 10, 30, 22, 26, 22, 26, 12, 12, 26, 26, 26, 16, 16, 16], freezeRows: 4, merges: ['A1:P1', 'A2:P2'] }], {
    title,
    author: 'Seabridge Container Lines Co., Ltd.',
  });
}
