/** Paths of the help centre's calls (relative to the API base). No zod here, so browser scripts can import them. */
export const HELP_PATH = {
  faqTypes: '/faqType/faqTypeAll',
  faqByType: '/faq/findByFaqTypeUuid',
  scheduleGroups: '/schedule/findServiceLoopGroup',
  scheduleLoops: '/schedule/findServiceLoop',
  scheduleFiles: '/schedule/findExeclPath',
  scheduleDownload: '/schedule/downloads',
  popularDownloads: '/schedule/ServicedownLoadCount',
  popularCertificates: '/ship/downLoadCount',
  fileDownload: '/webUpload/multipleDownloads',
  tariffs: '/europe/getTariffPdfList',
} as const;
