import keystatic from '@keystatic/astro';
import type { AstroIntegration } from 'astro';

/**
 * The content editor in `npm run dev`: Keystatic's pages under /keystatic and its
 * local-mode API under /api/keystatic (which writes content/), and /admin as the
 * address maintainers are told. Nothing of it is added to `astro build`: the
 * built site has no editor and no route that writes files.
 */
export function contentEditor(): AstroIntegration {
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': async (options) => {
        if (options.command !== 'dev') return;
        const setup = keystatic().hooks['astro:config:setup'];
        await setup?.(options);
        options.injectRoute({ pattern: '/admin', entrypoint: new URL('./admin.ts', import.meta.url), prerender: false });
      },
    },
  };
}
