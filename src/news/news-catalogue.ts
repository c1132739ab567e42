import { NEWS_TYPE, type NewsTypeId } from '../contract/wire';

/**
 * The news categories and labels with their names in both languages. The
 * database is seeded from these; the wire names labels by `newsLabelUuid`.
 */
export const NEWS_TYPE_NAMES: Record<NewsTypeId, { en: string; zh: string }> = {
  [NEWS_TYPE.notices]: { en: 'Notices', zh: '通知公告' },
  [NEWS_TYPE.news]: { en: 'Company news', zh: '公司新闻' },
  [NEWS_TYPE.specialTopic]: { en: 'Special topics', zh: '专题报道' },
  [NEWS_TYPE.updates]: { en: 'Service updates', zh: '业务动态' },
};

/** Labels of the Ocean Alliance tab (special topics) and of the Service Enhancement list (specialType=quality2019). */
export const OCEAN_ALLIANCE_LABEL = 'ocean-alliance';
export const SERVICE_ENHANCEMENT_LABEL = 'service-enhancement';

export const NEWS_LABELS = [
  { id: OCEAN_ALLIANCE_LABEL, en: 'Ocean Alliance', zh: '海洋联盟' },
  { id: 'trade-lanes', en: 'Trade Lanes', zh: '航线动态' },
  { id: 'surcharges', en: 'Surcharges & Tariffs', zh: '运价与附加费' },
  { id: 'holiday-schedule', en: 'Holiday Schedule', zh: '节假日安排' },
  { id: 'port-operations', en: 'Port Operations', zh: '港口作业' },
  { id: SERVICE_ENHANCEMENT_LABEL, en: 'Service Enhancement', zh: '服务提升' },
  { id: 'sustainability', en: 'Sustainability', zh: '绿色低碳' },
  { id: 'digital', en: 'Digital', zh: '数字化' },
  { id: 'corporate', en: 'Corporate', zh: '企业动态' },
] as const;

/** The label id of a label name in either language, or undefined. */
export function labelIdOf(name: string): string | undefined {
  return NEWS_LABELS.find((l) => l.en === name || l.zh === name)?.id;
}
