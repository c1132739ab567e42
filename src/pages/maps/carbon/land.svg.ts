import type { APIRoute } from 'astro';
import { landSvg } from '../../../carbon/carbon-land';

/**
 * /maps/carbon/land.svg: the world's land (Natural Earth 1:110m) in plain longitude /
 * latitude (x = lon, y = -lat, one decimal), drawn at build time. The carbon
 * calculator's route maps place it under a route as an <image> and crop it with their
 * viewBox, so the browser ships no map library and fetches the coastline once.
 */
export const GET: APIRoute = () => new Response(landSvg(), { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
