/**
 * The sign-in domain: sessions, password reset and Microsoft sign-in under /api/sis, and the
 * password-reset calls again under /api, where the admission client sends them. Registered
 * with prefix '' so both route sets share one set of attempt counters.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';
import { installationSecret } from '../../secrets.ts';
import { createMailer, mailConfigFrom } from '../../mail/mailer.ts';
import type { AuthContext } from './context.ts';
import { createOidcClient, oidcSettingsFromEnv } from './oidc.ts';
import { passwordRoutes } from './password-routes.ts';
import { attemptLimiter, rateLimitFromEnv } from './rate-limit.ts';
import { sessionRoutes } from './session-routes.ts';
import { ssoRoutes } from './sso-routes.ts';

export const SIS_PREFIX = '/api/sis';
export const ADMISSION_PREFIX = '/api';

export const authDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  const oidcSettings = oidcSettingsFromEnv();
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  const ctx: AuthContext = {
    db,
    manifest,
    mailer,
    oidc: oidcSettings ? createOidcClient(oidcSettings, installationSecret(config.dataDir, 'oidc-state')) : undefined,
    limit: await attemptLimiter(db, rateLimitFromEnv()),
  };
  await app.register(
    async (sis) => {
      sessionRoutes(sis, ctx);
      passwordRoutes(sis, ctx);
      ssoRoutes(sis, ctx);
    },
    { prefix: SIS_PREFIX },
  );
  await app.register(async (admission) => passwordRoutes(admission, ctx), { prefix: ADMISSION_PREFIX });
};
