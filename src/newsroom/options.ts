import { NEWS_TYPE_IDS } from '../contract/wire';
import type { Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/t';
import { NEWS_LABELS } from '../news/news-catalogue';

/** The choices of the newsroom's forms, named in the console's language: the four news types and the labels. */
export function newsroomOptions(locale: Locale) {
  const t = useTranslations(locale);
  return {
    types: NEWS_TYPE_IDS.map((id) => ({ id, name: t(`news.type.${id}` as 'news.type.50000000000000231') })),
    labels: NEWS_LABELS.map((l) => ({ id: l.id, name: l[locale] })),
  };
}
