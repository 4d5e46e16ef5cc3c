/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, with one confidential
 * client and accounts given by email, plus a plain-HTTP driver of its authorization flow
 * (the development login and consent pages), standing in for Microsoft's sign-in in tests.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestOidcOptions {
  /** accountId -> email */
  accounts: Record<string, string>;
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}

export async function startOidcProvider(options: TestOidcOptions): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'rowaq-test';
  const clientSecret = options.clientSecret ?? 'rowaq-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['rowaq-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, accountId: string) => {
      const email = options.accounts[accountId];
      if (!email) return undefined;
      return { accountId, claims: async () => ({ sub: accountId, email, email_verified: true }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the authorization URL through the provider's login and consent pages as `accountId`
 * and returns the final redirect to the client's redirect URI (carrying code and state).
 */
export async function authorizeAs(authorizationUrl: string, accountId: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`no interaction form in: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', accountId);
      form.set('password', 'any');
    }
    method = 'POST';
    body = form.toString();
  }
  throw new Error('too many redirects in the authorization flow');
}
