import { describe, expect, it } from 'vitest';
import { calls, describeIssues, fillPath } from '../../src/contract/calls';
import { ApiError, apiFetch, apiUrl } from '../../src/contract/fetch';
import { fail, ok } from '../../src/contract/wire';

describe('the wire wrapper', () => {
  it('wraps content and failures', () => {
    expect(ok([1])).toEqual({ code: '200', message: 'success', data: { content: [1] } });
    expect(fail('400', 'x: bad')).toEqual({ code: '400', message: 'x: bad', data: { content: null } });
  });
});

describe('call definitions', () => {
  it('validate requests and name the field', () => {
    const result = calls.saveClick.query.safeParse({ pictureNameEN: 'X', language: '3' });
    expect(result.success).toBe(false);
    const message = describeIssues(result.error!);
    expect(message).toMatch(/pictureNameEN/);
    expect(message).toMatch(/language/);
  });
  it('coerce the language from the query string', () => {
    expect(calls.getLocationList.query.parse({ language: '0' })).toEqual({ language: 0 });
    expect(calls.getLocationList.query.safeParse({ extra: '1' }).success).toBe(false);
  });
  it('fill path parameters and refuse missing ones', () => {
    expect(fillPath('/cosNewss/findTypeNews/:typeId', { typeId: 'a b' })).toBe('/cosNewss/findTypeNews/a%20b');
    expect(() => fillPath('/x/:id')).toThrow(/id/);
  });
});

describe('the fetch wrapper', () => {
  const target = (respond: (url: string, init?: RequestInit) => Response) => ({
    origin: 'https://api.example',
    base: '/homeapiak',
    fetch: (async (url: string, init?: RequestInit) => respond(url, init)) as typeof fetch,
  });

  it('adds the language and the query', () => {
    expect(apiUrl({ origin: '', base: '/homeapiak' }, '/a', { x: 1, y: undefined }, 0)).toBe('/homeapiak/a?x=1&language=0');
  });

  it('returns the content of a 200 answer', async () => {
    const t = target(() => Response.json(ok({ a: 1 })));
    expect(await apiFetch('/a', {}, t)).toEqual({ a: 1 });
  });

  it('throws the server message of another code', async () => {
    const t = target(() => Response.json(fail('429', 'Too many requests'), { status: 429 }));
    await expect(apiFetch('/a', {}, t)).rejects.toMatchObject({ code: '429', message: 'Too many requests', status: 429 });
  });

  it('throws a clear error for a non-JSON answer and for a network failure', async () => {
    await expect(
      apiFetch(
        '/a',
        {},
        target(() => new Response('<html>', { status: 502 })),
      ),
    ).rejects.toThrow(/HTTP 502, not JSON/);
    const down = { origin: '', base: '/x', fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch };
    await expect(apiFetch('/a', {}, down)).rejects.toBeInstanceOf(ApiError);
    await expect(apiFetch('/a', {}, down)).rejects.toThrow(/Request failed: fetch failed/);
  });

  it('sends forms form-encoded', async () => {
    let seen: RequestInit | undefined;
    await apiFetch(
      '/a',
      { method: 'POST', body: { form: { a: '1 2' } } },
      target((_, init) => ((seen = init), Response.json(ok(null)))),
    );
    expect(String(seen?.body)).toBe('a=1+2');
    expect((seen?.headers as Record<string, string> | undefined)?.['content-type']).toBe('application/x-www-form-urlencoded');
  });
});
