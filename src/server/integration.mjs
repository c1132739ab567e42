/**
 * Mounts the Hono API under the configured base path (PUBLIC_API_BASE, default
 * /homeapiak) through one on-demand route. Everything else stays static.
 * @param {{ base: string }} options
 * @returns {import('astro').AstroIntegration}
 */
export function apiRoute({ base }) {
  return {
    name: 'carrier:api-route',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({ pattern: `${base}/[...path]`, entrypoint: './src/server/endpoint.ts', prerender: false });
        // the DCSA Commercial Schedules API (src/server/dcsa/), same endpoint and process
        injectRoute({ pattern: '/dcsa/cs/v1/[...path]', entrypoint: './src/server/endpoint.ts', prerender: false });
        // the DCSA Track & Trace API: the store read only, and the provider's callbacks (src/server/dcsa/tnt-app.ts)
        injectRoute({ pattern: '/dcsa/tnt/v2/[...path]', entrypoint: './src/server/endpoint.ts', prerender: false });
      },
    },
  };
}
