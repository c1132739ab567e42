import type { NewsItem } from '../content-model/schemas/news';
import { NEWS_LABELS } from '../news/news-catalogue';
import { sanitizeHtml } from '../shared/sanitize-html';
import type { StoryContent, StoryLanguage } from './story';

/**
 * A story's version as the site's detail page takes it (the same NewsItem the nightly pull writes),
 * so the console's preview is the public page's own component. Null when the story lacks that language.
 */
export function previewItem(id: string, content: StoryContent, language: StoryLanguage): NewsItem | null {
  const version = content[language];
  if (!version) return null;
  const { meta } = content;
  return {
    newsUuid: id,
    typeId: meta.typeId,
    title: version.title,
    subTitle: version.subTitle,
    author: version.author,
    statusDt: meta.statusDt,
    ...(version.picUrl ? { picUrl: version.picUrl } : {}),
    labels: meta.labels.map((labelId) => NEWS_LABELS.find((l) => l.id === labelId)?.[language] ?? labelId),
    trades: meta.tradeCodes,
    ports: meta.portCodes,
    important: meta.important,
    summary: version.summary,
    // saved through the allow-list already; cleaned again, as the pull does
    body: sanitizeHtml(version.body),
  };
}
