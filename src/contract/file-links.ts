import { HELP_PATH } from './help-paths';
import { PATH } from './wire';

/**
 * API paths that pages link to directly and that answer with a redirect to a file
 * (counted downloads) rather than the wrapper: not calls of the contract, but the
 * link checker and the hostile-input test must know them.
 */
export const FILE_LINK_PATHS = [PATH.shipDownload, HELP_PATH.scheduleDownload, HELP_PATH.fileDownload] as const;
