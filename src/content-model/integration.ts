import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkContentReport, formatProblem } from './check.ts';

/**
 * Runs the content check (npm run content:check) before Astro does anything else. In a build
 * a content mistake stops it at once, with every problem listed, instead of after minutes of
 * rendering or with the runtime's one-line error; in `astro dev` the problems are only logged
 * as warnings, so a maintainer can keep the preview open while fixing them.
 */
export function contentCheck(): AstroIntegration {
  return {
    name: 'carrier:content-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        const started = performance.now();
        const { files, problems } = checkContentReport(fileURLToPath(config.root));
        const took = Math.round(performance.now() - started);
        if (problems.length === 0) {
          logger.info(`${files} content files OK (${took} ms)`);
          return;
        }
        const lines = problems.map(formatProblem);
        const summary = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in content/: fix them, then npm run content:check checks again in a second`;
        if (command === 'dev') {
          for (const line of lines) logger.warn(line);
          logger.warn(summary);
          return;
        }
        const error = new Error(`${summary}:\n${lines.join('\n')}`);
        // the list is the message; a stack into this file would only bury it
        error.stack = error.message;
        throw error;
      },
    },
  };
}
