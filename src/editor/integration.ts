import keystatic from '@keystatic/astro';
import type { AstroIntegration } from 'astro';

/**
 * The content editor in `npm run dev`: Keystatic's pages under /keystatic and its
 * local-mode API under /api/keystatic (which writes content/), /admin as the
 * address maintainers are told, and /admin/upload, where its file fields put
 * pictures and documents under public/ (src/editor/upload.ts). Nothing of it is added to `astro build`: the
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
        options.injectRoute({ pattern: '/admin/upload', entrypoint: new URL('./upload.ts', import.meta.url), prerender: false });
      },
    },
  };
}
