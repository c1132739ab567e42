import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('server configuration', () => {
  it('defaults to the embedded mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ databaseUrl: undefined, dataDir: 'var', apiBase: '/homeapiak', allowedOrigins: [] });
  });
  it('names each bad variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PUBLIC_API_BASE: 'api' })).toThrow(/DATABASE_URL[\s\S]*PUBLIC_API_BASE|PUBLIC_API_BASE[\s\S]*DATABASE_URL/);
  });
  it('splits allowed origins', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
