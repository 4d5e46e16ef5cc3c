/**
 * Secrets that protect money or identity are never known in advance: without
 * PAYMENT_CALLBACK_SECRET / ATTENDANCE_QR_SECRET an installation makes its own at random, once,
 * in DATA_DIR/secrets (server/secrets.ts). A callback signed with a string from the source is
 * refused, and the sandbox's hosted page settles nothing without the payer's key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { attendanceSecret } from '../../server/domains/attendance/qr-code.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import { callbackSecret, sign } from '../../server/domains/finance/provider.ts';
import { installationSecret } from '../../server/secrets.ts';
import { BACKENDS, openTestDatabase, type TestDatabase } from './harness.ts';
import { realManifest } from './finance-helpers.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-secrets-'));

describe('installation secrets', () => {
  it('are random per installation, kept in DATA_DIR/secrets (0600), the same on every call', () => {
    const [a, b] = [tempDir(), tempDir()];
    try {
      const config = loadConfig({ DATA_DIR: a });
      const secret = callbackSecret(config);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(callbackSecret(loadConfig({ DATA_DIR: a }))).toBe(secret);
      expect(callbackSecret(loadConfig({ DATA_DIR: b }))).not.toBe(secret);
      const file = path.join(a, 'secrets', 'payment-callback');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(attendanceSecret(config)).not.toBe(secret);
      expect(attendanceSecret(config)).toMatch(/^[0-9a-f]{64}$/);
      // Configured secrets win.
      expect(callbackSecret(loadConfig({ DATA_DIR: a, PAYMENT_CALLBACK_SECRET: 'configured' }))).toBe('configured');
    } finally {
      for (const dir of [a, b]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an existing secret file is read, not replaced (a restart or a second instance)', () => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, 'secrets'));
      const kept = crypto.randomBytes(32).toString('hex');
      fs.writeFileSync(path.join(dir, 'secrets', 'attendance-qr'), `${kept}\n`);
      expect(installationSecret(dir, 'attendance-qr')).toBe(kept);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!realManifest).each(BACKENDS)('unconfigured payment secrets on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let config: ServerConfig;

  beforeAll(async () => {
    dataDir = tempDir();
    database = await openTestDatabase(backend);
    await syncSchema(database.db, realManifest!, { migrationsDir: '/nonexistent' });
    // Development mode, no PAYMENT_CALLBACK_SECRET: how `npm start` runs out of the box.
    config = { ...loadConfig({ DATA_DIR: dataDir }), bodyLimit: 64 * 1024 };
    app = await buildApp({
      manifest: realManifest!,
      db: database.db,
      config,
      domains: [{ name: 'finance', plugin: financeDomain }],
      clientDir: null,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const callback = (secret: string) => {
    const raw = JSON.stringify({
      event_id: `e-${crypto.randomBytes(4).toString('hex')}`,
      reference: 'PAY-anything',
      status: 'paid',
      amount: 100,
      currency: 'EGP',
      occurred_at: new Date().toISOString(),
    });
    return app.inject({
      method: 'POST',
      url: '/api/sis/payments/provider/callback',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) },
    });
  };

  it('refuses a callback signed with the development string the source used to hold', async () => {
    expect((await callback('rowaq-sandbox-callback-secret')).statusCode).toBe(401);
    // The installation's own secret is accepted (an unknown payment: 422, past the signature).
    expect((await callback(callbackSecret(config))).statusCode).toBe(422);
  });

  it('the sandbox page and its buttons need the key: a reference alone is 404', async () => {
    await database.db
      .insertInto('sandbox_payments')
      .values({
        provider_reference: 'SBX-0011223344556677',
        merchant_reference: 'PAY-x',
        method: 'credit_card',
        amount: 10,
        currency: 'EGP',
        description: 'x',
        status: 'pending',
        return_url: '/my_credit',
        callback_url: '/api/sis/payments/provider/callback',
      })
      .execute();
    const pay = await app.inject({
      method: 'POST',
      url: '/api/sis/payments/sandbox/SBX-0011223344556677/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/sis/payments/sandbox/SBX-0011223344556677' })).statusCode,
    ).toBe(404);
    const row = await database.db
      .selectFrom('sandbox_payments')
      .select('status')
      .where('provider_reference', '=', 'SBX-0011223344556677')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
