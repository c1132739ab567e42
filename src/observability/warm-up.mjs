// Before a started server reports ready (/ready), it asks itself for one thing of each kind a
// visitor or an integrator asks for, so that none of them is slow the first time: the API's start
// (database, seed, the OpenAPI examples), the schedule engine, the carbon calculator, the city
// search, each kind of page (static, rendered on demand, the 404). Other parameters than a visitor's
// likely first ones, so that what is warmed is the code, not one kept answer.
// bench/first-request.mjs measures the first request of each kind on a process warmed this way.

const day = (offset = 0) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);

/**
 * @param {string} apiBase
 * @returns {Array<{ path: string | ((base: string, ask: (path: string, init?: RequestInit) => Promise<Response>) => Promise<{ path: string, init: RequestInit }>), status?: number }>} each request, and the status it must answer (200 unless said)
 */
export function warmUpRequests(apiBase) {
  return [
    { path: `${apiBase}/health` },
    { path: `${apiBase}/openapi.json` },
    { path: `${apiBase}/docs` },
    { path: `/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA&date=${day()}&limit=1` },
    { path: `/dcsa/cs/v1/point-to-point-routes?placeOfReceipt=CNYTN&placeOfDelivery=USLAX&departureStartDate=${day()}&departureEndDate=${day(14)}` },
    { path: `/dcsa/cs/v1/vessel-schedules?vesselIMONumber=9842724&startDate=${day()}&endDate=${day(14)}` },
    { path: `${apiBase}/schedule/pointToPoint?from=CNYTN&to=USLAX&date=${day()}&weeks=2&language=0` },
    { path: `${apiBase}/carbonCalculate/getCity?prefix=ham&language=1` },
    {
      path: async (base, ask) => {
        const answer = await (await ask(`${apiBase}/carbonCalculate/getToken`, { headers: WARM_UP_HEADERS })).json();
        const body = [
          {
            originLocationId: 'de-hamburg',
            destinationLocationId: 'cn-ningbo',
            cargoWeightValue: '1',
            cargoWeightUnit: 'TEU',
            cargoNature: 'Dry',
            factorType: 'TTW',
            token: answer.data.content.access_token,
          },
        ];
        return {
          path: `${apiBase}/carbonCalculate/getDigital?language=1`,
          init: { method: 'POST', headers: { ...WARM_UP_HEADERS, 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) },
        };
      },
    },
    { path: '/zh/home' },
    { path: '/en/home/Services/schedules/port/NLRTM' },
    { path: '/en/warm-up-not-found', status: 404 },
    { path: '/zh/staff/sign-in' },
  ];
}

export const WARM_UP_HEADERS = { 'user-agent': 'carrier-warm-up', 'x-request-id': 'warm-up' };

/**
 * Asks the server at `base` for each warm-up request, one after the other: the pages over HTTP, the
 * API's calls in process through `serveApi` (src/server/endpoint.ts) as the client `warm-up`, so that
 * they count against no visitor's rate limit (a loopback client's, say). Answers the problems (a
 * request that failed or answered another status than its own); the server is ready even then, and
 * says so in /ready.
 * @param {string} base @param {string} apiBase
 * The first request (the health call, which no rate limit counts) goes over HTTP: it loads the API's
 * module, which is what gives `serveApi`.
 * @param {string} base @param {string} apiBase
 * @param {() => ((request: Request, clientAddress: string) => Promise<Response>) | undefined} serveApi the API's function, once loaded
 */
export async function warmUp(base, apiBase, serveApi) {
  const api = (path) => path.startsWith(`${apiBase}/`) || path.startsWith('/dcsa/');
  const ask = (path, init) => {
    const serve = api(path) ? serveApi() : undefined;
    return serve ? serve(new Request(`${base}${path}`, init), 'warm-up') : fetch(`${base}${path}`, init);
  };
  const problems = [];
  for (const request of warmUpRequests(apiBase)) {
    try {
      const { path, init } = typeof request.path === 'function' ? await request.path(base, ask) : { path: request.path, init: { headers: WARM_UP_HEADERS } };
      const response = await ask(path, init);
      await response.arrayBuffer();
      if (response.status !== (request.status ?? 200)) problems.push(`${path.split('?')[0]}: HTTP ${response.status}`);
    } catch (error) {
      problems.push(`${typeof request.path === 'string' ? request.path.split('?')[0] : 'carbon calculation'}: ${error.message}`);
    }
  }
  return problems;
}
