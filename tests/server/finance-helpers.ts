/**
 * Shared set-up of the finance tests and bench: the app with the finance domain on the real
 * screens/ manifest, a faculty, settings switching card and voucher on, and helpers to make
 * invoices, fill wallets and sign provider callbacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import type { Domain } from '../../server/domains/index.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import { createInvoice, type InvoiceInput } from '../../server/domains/finance/ledger.ts';
import { creditWallet } from '../../server/domains/finance/wallet.ts';
import { callbackSecret, sign } from '../../server/domains/finance/provider.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
export const realManifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

export const financeConfig = (): ServerConfig => ({
  ...loadConfig({}),
  bodyLimit: 64 * 1024,
  paymentSecret: 'test-secret',
});

export async function financeApp(db: Kysely<any>, manifest: Manifest, extra: Domain[] = []): Promise<FastifyInstance> {
  await syncSchema(db, manifest, { migrationsDir: '/nonexistent' });
  const app = await buildApp({
    manifest,
    db,
    config: financeConfig(),
    domains: [{ name: 'finance', plugin: financeDomain }, ...extra],
    clientDir: null,
  });
  await app.ready();
  await db
    .insertInto('countries')
    .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const name of ['pay_with_credit_card', 'pay_with_fawry']) {
    await db
      .insertInto('settings')
      .values({ name, value: 'true', public: true })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  return app;
}

export async function makeFaculty(db: Kysely<any>, code = 'ENG'): Promise<number> {
  const row = await db
    .insertInto('faculties')
    .values({ code, name: `Faculty ${code}`, name_local: 'كلية' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function invoice(db: Kysely<any>, input: InvoiceInput) {
  return db.transaction().execute((trx) => createInvoice(trx, input));
}

export function fillWallet(db: Kysely<any>, studentId: number, amount: number) {
  return db.transaction().execute((trx) =>
    creditWallet(trx, {
      student_id: studentId,
      cents: Math.round(amount * 100),
      kind: 'adjustment',
      reference: 'test',
    }),
  );
}

/** A provider callback body and its signature (the secret of financeConfig, or another). */
export function signedCallback(event: Record<string, unknown>, secret = callbackSecret(financeConfig())) {
  const raw = JSON.stringify(event);
  return { raw, headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) } };
}

export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
