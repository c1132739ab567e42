import { DownloadsFile, TariffsFile } from '../content-model/schemas/help';
import { parseContent } from '../shared/parse-content';

/**
 * The help centre's documents (content/help/downloads.json) and EU inland
 * tariffs (content/help/tariffs.json), validated once, for the pages at build
 * time and the API (/webUpload/multipleDownloads, /schedule/ServicedownLoadCount,
 * /europe/getTariffPdfList) at run time.
 */

const downloadFiles = import.meta.glob<unknown>('../../content/help/downloads.json', { eager: true, import: 'default' });
const tariffFiles = import.meta.glob<unknown>('../../content/help/tariffs.json', { eager: true, import: 'default' });

let downloads: DownloadsFile | undefined;
let tariffs: TariffsFile | undefined;

export function loadDownloads(): DownloadsFile {
  downloads ??= parseContent('content/help/downloads.json', DownloadsFile, Object.values(downloadFiles)[0]);
  return downloads;
}

export function loadTariffs(): TariffsFile {
  tariffs ??= parseContent('content/help/tariffs.json', TariffsFile, Object.values(tariffFiles)[0]);
  return tariffs;
}

/** How many documents the Downloads page shows as the most downloaded (the spec's popular downloads: 5). */
export const POPULAR_DOWNLOADS = 5;
