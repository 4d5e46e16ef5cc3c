/**
 * The admission domain, under /api: applying, the admission form's tabs, documents,
 * the applicant's dashboard, staff review and fees. The API is described in ./README.md.
 * Static segments (website, faculty, review, apply) win over the `/:id/:key` routes.
 */
import { linkOrigin } from '../../config.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { DomainOptions } from '../index.ts';
import { createMailer, mailConfigFrom } from '../../mail/mailer.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate, type Message } from '../../http/messages.ts';
import { apply } from './apply.ts';
import { readTab, saveTab, submitApplication, type AdmissionContext } from './application.ts';
import { deleteFile, downloadFile, listFiles, MAX_FILE_BYTES, uploadFile } from './files.ts';
import { listenForPaidFees } from './fees.ts';
import { applicantLookups, needTraining } from './lookups.ts';
import { changeStatus, dashboard, reviewActions } from './review.ts';
import { paymentRoutes } from './payment-routes.ts';
import { attemptLimiter, rateLimitFromEnv } from '../auth/rate-limit.ts';

type Params = Record<string, string>;

function said(request: FastifyRequest, message: Message): string {
  return translate(message, requestLanguage(request));
}

export const admissionDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  // Only this plugin's routes take multipart bodies (the uploads); its own 30 MB limit.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES + 1, files: 1, fields: 10, parts: 12 } });
  listenForPaidFees(manifest);
  const ctx: AdmissionContext = { db, manifest, uploadsDir: config.uploadsDir };

  // Each application sends a mail: the same address asks at most AUTH_RATE_LIMIT_MAX times a minute per client.
  const applyGuard = (await attemptLimiter(db, rateLimitFromEnv()))('admission.apply');
  app.put('/admission/apply', async (request, reply) => {
    const given = {
      ...(request.query as Record<string, unknown>),
      ...(request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}),
    };
    if (!(await applyGuard(request, reply, String(given.email ?? '')))) return reply;
    const publicUrl = linkOrigin(config, app.server.address());
    const result = await apply({ ...ctx, mailer, publicUrl }, request);
    return reply.status(201).send({ ...result, message: said(request, result.message) });
  });

  app.get('/admission/website/applicant/lookups', async () => applicantLookups(db, manifest));
  app.get<{ Params: Params }>('/admission/website/applicant/lookups/:key', async (request) =>
    applicantLookups(db, manifest, request.params.key),
  );
  app.get<{ Params: Params }>('/admission/faculty/needTraining/:type/:id', async (request) =>
    needTraining(db, request.params.type, request.params.id),
  );

  app.get<{ Params: Params }>('/admission/review/:id/actions', async (request) =>
    reviewActions(ctx, request, request.params.id),
  );
  app.post<{ Params: Params }>('/admission/review/:id/status', async (request) =>
    changeStatus({ ...ctx, mailer }, request, request.params.id, request.body),
  );

  app.get<{ Params: Params }>('/admission/:id/dashboard', async (request) =>
    dashboard(ctx, request, request.params.id),
  );
  app.post<{ Params: Params }>('/admission/:id/submit', async (request) => {
    const result = await submitApplication(ctx, request, request.params.id);
    return { ...result, message: said(request, { key: result.message }) };
  });

  app.get<{ Params: Params }>('/admission/:id/files', async (request) => listFiles(ctx, request, request.params.id));
  app.get<{ Params: Params }>('/admission/:id/files/:field', async (request, reply) =>
    downloadFile(ctx, request, reply, request.params.id, request.params.field),
  );
  app.post<{ Params: Params }>('/admission/:id/files/:field', async (request, reply) =>
    reply.status(201).send(await uploadFile(ctx, request, request.params.id, request.params.field)),
  );
  app.delete<{ Params: Params }>('/admission/:id/files/:field', async (request) =>
    deleteFile(ctx, request, request.params.id, request.params.field),
  );

  await paymentRoutes(app, ctx, config);

  app.get<{ Params: Params }>('/admission/:id/:key', async (request) =>
    readTab(ctx, request, request.params.id, request.params.key, false),
  );
  app.get<{ Params: Params }>('/admission/:id/:key/:dashboard', async (request) =>
    readTab(ctx, request, request.params.id, request.params.key, true),
  );
  app.post<{ Params: Params }>('/admission/:id/:key', async (request) =>
    saveTab(ctx, request, request.params.id, request.params.key, request.body),
  );
};
