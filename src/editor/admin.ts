import type { APIRoute } from 'astro';

/** /admin in `npm run dev`: the editor's own address. */
export const GET: APIRoute = ({ redirect }) => redirect('/keystatic', 302);
