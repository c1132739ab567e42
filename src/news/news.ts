import type { NewsTypeId } from '../contract/wire';
import type { Locale } from '../i18n/locales';
import { localePath } from '../i18n/paths';

/** URLs of the news pages (the spec's paths). */
export function newsDetailHref(locale: Locale, item: { newsUuid: string; typeId: NewsTypeId }): string {
  return localePath(locale, `/home/News/detail/${item.newsUuid}/${item.typeId}?id=${item.typeId}`);
}

export function newsListHref(locale: Locale, typeId: NewsTypeId): string {
  return localePath(locale, `/home/News/news/${typeId}`);
}
