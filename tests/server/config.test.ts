/** server/config.ts: PUBLIC_URL is required in production and is the only origin of mailed links. */
import { describe, expect, it } from 'vitest';
import { linkOrigin, loadConfig } from '../../server/config.ts';

describe('PUBLIC_URL', () => {
  it('production refuses to start without it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: '  ' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.edu/' }).publicUrl).toBe(
      'https://portal.example.edu',
    );
  });

  it('must be an http(s) address; a path is kept, a trailing slash dropped', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example.edu' })).toThrow(/http\(s\)/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu/portal/' }).publicUrl).toBe('https://example.edu/portal');
  });

  it('in development links point at the listen address, whatever the request says', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '3000' });
    expect(config.publicUrl).toBeUndefined();
    expect(linkOrigin(config)).toBe('http://localhost:3000');
    expect(linkOrigin(config, { address: '0.0.0.0', port: 41234 })).toBe('http://localhost:41234');
    expect(linkOrigin(loadConfig({ PUBLIC_URL: 'https://u.example' }), { port: 1 })).toBe('https://u.example');
  });
});
