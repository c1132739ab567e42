import { ApiError, apiFetch, defaultTarget, type ApiTarget } from '../../contract/fetch';
import { CODE, PATH } from '../../contract/wire';

/** A token is fetched again this long before the server says it expires. */
const MARGIN_MS = 60_000;

/**
 * The calculator's signed token (GET /carbonCalculate/getToken), which the city
 * search and the calculation both carry (spec 001 §7). One token is fetched when
 * first needed and shared until shortly before it expires; a call the server
 * refuses with 403 (token expired or not accepted) fetches a fresh token and is
 * tried once more. A failed token request is forgotten, so the next call asks again.
 */
export class CarbonTokens {
  private cached: { token: Promise<string>; until: number } | null = null;

  constructor(
    private readonly target: ApiTarget = defaultTarget(),
    private readonly now: () => number = Date.now,
  ) {}

  /** The current token, fetched if there is none or it is about to expire. */
  get(language: 0 | 1): Promise<string> {
    if (this.cached && this.cached.until > this.now()) return this.cached.token;
    const entry = {
      until: Number.POSITIVE_INFINITY,
      token: apiFetch<{ access_token: string; expires_in: number }>(PATH.carbonToken, { language }, this.target).then(({ access_token, expires_in }) => {
        entry.until = this.now() + expires_in * 1000 - MARGIN_MS;
        return access_token;
      }),
    };
    entry.token.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    this.cached = entry;
    return entry.token;
  }

  /** Runs a call with the token; refused with 403, once more with a fresh token. */
  async with<T>(language: 0 | 1, call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.get(language);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === CODE.forbidden)) throw error;
      if (this.cached && (await this.cached.token.catch(() => null)) === token) this.cached = null;
      return call(await this.get(language));
    }
  }
}

/** The page's one token holder, shared by the city boxes and the calculation. */
export const carbonTokens = new CarbonTokens();
