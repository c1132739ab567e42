import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkContentReport, formatProblem } from './check.ts';

/**
 * Runs the content check (npm run content:check) before Astro does anything else. In a build
 * a content mistake stops it at once, with every problem listed, instead of after minutes of
 * rendering or with the runtime's one-line error; in `astro dev` the problems are only logged
 * as warnings, at start and after every change under content/, so a maintainer can keep the
 * preview open while fixing them.
 */
export function contentCheck(): AstroIntegration {
  let root = '';
  return {
    name: 'carrier:content-check',
    hooks: {
      // in `astro dev`, every save under content/ (by hand or by the editor at /admin) is checked again
      'astro:server:setup': ({ server, logger }) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const again = (file: string) => {
          if (!file.replaceAll('\\', '/').includes('/content/')) return;
          clearTimeout(timer);
          timer = setTimeout(() => {
            const { files, problems } = checkContentReport(root, { generated: false });
            if (problems.length === 0) logger.info(`content/ changed: ${files} content files OK`);
            else for (const problem of problems) logger.warn(formatProblem(problem));
          }, 200);
        };
        server.watcher.on('change', again);
        server.watcher.on('add', again);
        server.watcher.on('unlink', again);
      },
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        root = fileURLToPath(config.root);
        const started = performance.now();
        const { files, problems } = checkContentReport(root, { generated: false });
        const took = Math.round(performance.now() - started);
        if (problems.length === 0) {
          logger.info(`${files} content files OK (${took} ms; the generated ones are checked where they are made)`);
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
