/** One request to a CDN's API; an error that names the provider and its answer (never the request's credentials). */
export async function providerCall(provider: string, url: string, init: RequestInit & { timeoutMs?: number }): Promise<string> {
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  } catch (error) {
    throw new Error(`${provider}: ${new URL(url).host} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${provider} answered ${answer.status}: ${text.slice(0, 300)}`);
  return text;
}

/** The site's public origin (https://www.example.com) from a setting, without a trailing slash. */
export function siteOrigin(value: string, setting: string): string {
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search) throw new Error(`${setting} must be the site's origin, like https://www.example.com`);
  return url.origin;
}
