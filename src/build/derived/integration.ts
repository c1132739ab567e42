import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DerivedError, update } from './cache.ts';

/**
 * Brings the files derived from the content (sea legs, carbon network, PDFs, artwork:
 * src/build/derived/steps.ts) up to date before Astro loads the content, so that no one has to
 * remember a generator after editing content/ and no build ships a stale file. First in the
 * integrations of astro.config.mjs: its astro:config:setup hook runs before the others' and
 * before the content layer reads content/routes/sea-legs.json or content/carbon/network.json.
 *
 * - build: one line per step; a failing generator or a stale Chromium step stops the build
 *   with the message and the command to run;
 * - dev: the same at start, but a stale Chromium step or a failing generator is a warning
 *   (the server still starts; the content loader reports bad content itself). Edits made
 *   while the server runs are picked up by the next start or build, not watched;
 * - preview and sync (astro check): nothing.
 */
export function derivedFiles(): AstroIntegration {
  return {
    name: 'derived',
    hooks: {
      'astro:config:setup': async ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        try {
          await update(fileURLToPath(config.root), { log: (line) => logger.info(line) });
        } catch (error) {
          const lines = (error instanceof DerivedError ? error.message : (error as Error).message).split('\n');
          if (command === 'dev') {
            for (const line of lines) logger.warn(line);
            return;
          }
          // the message goes to the log, not into the error: Astro answers any error whose text holds
          // "document" (make-documents.mjs, help documents) with a hint about browser APIs
          for (const line of lines) logger.error(line);
          throw new Error('derived files are not up to date (the lines above say why and what to run): the build stops');
        }
      },
    },
  };
}
