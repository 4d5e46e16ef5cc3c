/**
 * Microsoft sign-in (any OpenID Connect provider) with openid-client: the authorization URL
 * with state, nonce and PKCE, and the code exchange that yields the signed-in email.
 * Configured by OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI (and
 * optionally OIDC_SCOPE); absent, the routes answer 404 so the client hides the button.
 */
import * as client from 'openid-client';
import { seal, sealKey, unseal } from './sealed.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  scope: string;
}

/** The pending sign-in, sealed into a cookie. */
interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** epoch ms */
  expires: number;
}

export const OIDC_COOKIE = 'rowaq_oidc';
export const OIDC_PENDING_MS = 10 * 60 * 1000;

export function oidcSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OidcSettings | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = env;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_REDIRECT_URI) return undefined;
  return {
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET || undefined,
    redirectUri: OIDC_REDIRECT_URI,
    scope: env.OIDC_SCOPE || 'openid email profile',
  };
}

export class OidcError extends Error {}

export interface OidcIdentity {
  email: string;
  /** The provider's stable id of the account (`sub`). */
  subject: string;
}

export interface OidcClient {
  /** The provider's authorization URL and the sealed pending sign-in to keep in a cookie. */
  start(): Promise<{ url: string; cookie: string }>;
  /** Exchanges the code; returns the account's email (lower case) and subject, or throws OidcError. */
  finish(params: Record<string, string>, cookie: string | undefined): Promise<OidcIdentity>;
}

/** `stateSecret` seals the pending sign-in when the client has no secret of its own (a public client). */
export function createOidcClient(settings: OidcSettings, stateSecret: string): OidcClient {
  // Either secret is shared by every instance, so a sign-in started on one finishes on another.
  const key = sealKey(settings.clientSecret ?? stateSecret, 'oidc-state');
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        expires: Date.now() + OIDC_PENDING_MS,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, cookie: seal(key, pending) };
    },

    async finish(params, cookie) {
      const pending = cookie ? unseal<PendingSignIn>(key, cookie) : undefined;
      if (!pending || pending.expires < Date.now()) throw new OidcError('no pending sign-in');
      if (!params.code || params.state !== pending.state) throw new OidcError('state mismatch');
      const config = await configuration();
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.search = '';
      for (const name of ['code', 'state', 'iss', 'session_state']) {
        if (params[name]) callbackUrl.searchParams.set(name, params[name]);
      }
      // The portal's client forwards code, state and session_state only; with one configured
      // issuer there is no mix-up to detect, so the issuer parameter defaults to ours.
      if (
        !callbackUrl.searchParams.has('iss') &&
        config.serverMetadata().authorization_response_iss_parameter_supported
      ) {
        callbackUrl.searchParams.set('iss', config.serverMetadata().issuer);
      }
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcError(`code exchange failed: ${(error as Error).message}`);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError('the provider sent no ID token');
      let email = emailOf(claims);
      if (!email && config.serverMetadata().userinfo_endpoint) {
        // Providers that keep scope claims out of the ID token answer them at userinfo.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch((error: unknown) => {
          throw new OidcError(`userinfo failed: ${(error as Error).message}`);
        });
        email = emailOf(info);
      }
      if (!email) throw new OidcError('the provider sent no email');
      return { email, subject: claims.sub };
    },
  };
}

function emailOf(claims: Record<string, unknown>): string | undefined {
  const email = [claims.email, claims.preferred_username, claims.upn].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  return email?.trim().toLowerCase();
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  return client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    // Plain HTTP only for a provider on this machine (tests, local development).
    loopback && issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}
