// How long an idle keep-alive connection lives on each side of a hop. The side that sends must
// give up first: a client that sends on a connection in the instant the server closes it gets a
// reset (ECONNRESET, "socket hang up"). Node closes idle connections after 5 s by default, which
// nginx's upstream pool, Playwright's request client and the benches all outlive; so the API
// server keeps them 65 s (scripts/start.mjs) and nginx's pool lets them go after 60 s
// (deploy/nginx/render.mjs), the pattern of load balancers in front of Node.

/** The API server's `keepAliveTimeout` (ms). */
export const SERVER_KEEP_ALIVE_MS = 65_000;
/** Its `headersTimeout` (ms): above the keep-alive, so an idle connection is never cut as a slow request. */
export const SERVER_HEADERS_TIMEOUT_MS = SERVER_KEEP_ALIVE_MS + 1_000;
/** nginx's `keepalive_timeout` in the upstream block (s): below the server's. */
export const PROXY_KEEP_ALIVE_S = 60;
