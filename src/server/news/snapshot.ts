import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NewsItem } from '../../content-model/schemas/news';
import { describeIssues } from '../../contract/calls';

/** Folder of the committed news snapshot (relative to the project, where the server runs). */
export function newsSnapshotFolder(): string {
  return resolve(process.env.NEWS_SNAPSHOT_DIR ?? 'content/news');
}

export interface SnapshotItem extends NewsItem {
  /** 0 Chinese, 1 English */
  language: 0 | 1;
}

/**
 * Reads content/news/{en,zh}/*.json, validated with the content schema; a bad
 * file throws naming the file and the field. A missing folder is an empty snapshot.
 */
export function readNewsSnapshot(folder = newsSnapshotFolder()): SnapshotItem[] {
  const items: SnapshotItem[] = [];
  for (const [lang, language] of [
    ['zh', 0],
    ['en', 1],
  ] as const) {
    const dir = join(folder, lang);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = join(dir, name);
      const parsed = NewsItem.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(`news snapshot ${file}: ${describeIssues(parsed.error)}`);
      items.push({ ...parsed.data, language });
    }
  }
  return items;
}
