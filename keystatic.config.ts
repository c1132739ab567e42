// The content editor's configuration, read by @keystatic/astro in `npm run dev` (/admin): see src/editor/config.ts.
export { default } from './src/editor/config.ts';
