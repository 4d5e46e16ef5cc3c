/**
 * System calls (portal-core section 7): GET /university/data, GET /system/current-terms,
 * POST /lookups/get and /lookups/index, GET /users/live-data, GET /website/admissionData
 * (admission-and-grid section 7: an admission call, so also under /api).
 * University data, current terms and admission data are public (the login page and the
 * admission site read them before anyone signs in); live data needs a signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { requireSignedIn } from '../auth/guards.ts';
import type { Db } from '../auth/tables.ts';
import { admissionData } from './admission-data.ts';
import { liveData } from './live-data.ts';
import { loadLookups, lookupNames } from './lookups.ts';
import { currentTerms } from './terms.ts';
import { universityData } from './university-data.ts';

export interface SystemContext {
  db: Db;
  manifest: Manifest;
}

/** Calls the admission site makes too: served under /api as well as /api/sis. */
export function publicSystemRoutes(app: FastifyInstance, { db, manifest }: SystemContext): void {
  app.get('/university/data', async () => universityData(db, manifest));
  app.get('/system/current-terms', async () => currentTerms(db, manifest));
  app.get('/website/admissionData', async () => admissionData(db, manifest));
}

export function systemRoutes(app: FastifyInstance, { db, manifest }: SystemContext): void {
  publicSystemRoutes(app, { db, manifest });

  const lookups = async (request: { body: unknown; user: Parameters<typeof loadLookups>[2] }) => {
    const data = await loadLookups(db, manifest, request.user, lookupNames(request.body));
    return { data, lookup: data };
  };
  app.post('/lookups/get', async (request) => lookups(request));
  app.post('/lookups/index', async (request) => lookups(request));

  app.get('/users/live-data', async (request) => liveData(db, manifest, requireSignedIn(request)));
}
