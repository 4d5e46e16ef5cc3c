/**
 * The built-in sandbox payment provider. It plays the outside gateway: it keeps its own record
 * of each payment (sandbox_payments), serves the hosted page (Pay / Fail, in English or
 * Arabic), and on a click posts a signed callback to our callback address exactly as an
 * outside gateway would, then sends the browser back. Voucher payments show a voucher number
 * to pay later; "paying it at an outlet" is the same Pay button.
 *
 * The page is reached by a browser navigation, which carries no bearer token, so the payer's
 * address of it carries a key instead: `?key=` is an HMAC of the payment's reference under the
 * installation's sandbox-page secret, handed only to the payer who started the payment. The
 * page and its buttons refuse any other key (404, as for an unknown payment), and the buttons
 * settle a payment only while it is pending, so the key is good for one settlement.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './codes.ts';
import {
  SIGNATURE_HEADER,
  parseEvent,
  sign,
  signatureMatches,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type ProviderStatus,
} from './provider.ts';

export const SANDBOX_PATH = '/api/sis/payments/sandbox';

/** The page key of a sandbox payment (see above). */
export function sandboxPageKey(pageSecret: string, providerReference: string): string {
  return crypto.createHmac('sha256', pageSecret).update(`sandbox-page:${providerReference}`).digest('base64url');
}

function keyMatches(pageSecret: string, providerReference: string, key: unknown): boolean {
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(key)) return false;
  const expected = Buffer.from(sandboxPageKey(pageSecret, providerReference));
  return crypto.timingSafeEqual(expected, Buffer.from(key));
}

export function sandboxProvider(db: Db, secret: string, pageSecret: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const providerReference = `SBX-${crypto.randomBytes(8).toString('hex')}`;
      const voucherReference =
        input.method === 'voucher' ? String(crypto.randomInt(10_000_000, 99_999_999)) : undefined;
      await db
        .insertInto('sandbox_payments')
        .values({
          provider_reference: providerReference,
          merchant_reference: input.reference,
          voucher_reference: voucherReference ?? null,
          method: input.method,
          amount: input.amount,
          currency: input.currency,
          description: input.description.slice(0, 200),
          status: 'pending',
          return_url: input.returnUrl,
          callback_url: input.callbackUrl,
        })
        .execute();
      return {
        providerReference,
        redirectUrl: `${SANDBOX_PATH}/${providerReference}?lang=${input.language}&key=${sandboxPageKey(pageSecret, providerReference)}`,
        voucherReference,
      };
    },
    verifyCallback: (rawBody, signature) => verifySigned(secret, rawBody, signature),
    async checkStatus(providerReference: string): Promise<ProviderStatus> {
      const row = await db
        .selectFrom('sandbox_payments')
        .select('status')
        .where('provider_reference', '=', providerReference)
        .executeTakeFirst();
      return (row?.status as ProviderStatus | undefined) ?? 'failed';
    },
  };
}

function verifySigned(secret: string, rawBody: string, signature: string | undefined) {
  return signatureMatches(secret, rawBody, signature) ? parseEvent(rawBody) : null;
}

const TEXT = {
  en: {
    title: 'Sandbox payment',
    amount: 'Amount',
    voucher: 'Voucher number (pay at any outlet)',
    pay: 'Pay',
    fail: 'Fail',
    note: 'Test provider: no real money moves.',
    done: 'This payment is already',
    paid: 'paid',
    failed: 'failed',
    back: 'Back to the portal',
    missing: 'No such payment',
  },
  ar: {
    title: 'دفع تجريبي',
    amount: 'المبلغ',
    voucher: 'رقم القسيمة (ادفع في أي منفذ)',
    pay: 'ادفع',
    fail: 'فشل الدفع',
    note: 'مزود اختبار: لا تتحرك أموال حقيقية.',
    done: 'هذه العملية بالفعل',
    paid: 'مدفوعة',
    failed: 'فاشلة',
    back: 'العودة إلى البوابة',
    missing: 'لا توجد عملية دفع بهذا المرجع',
  },
} as const;

function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(lang: 'en' | 'ar', body: string): string {
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f4f5fa;margin:0;padding:2rem;color:#2f2b3d}
main{max-width:28rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 8px #0002}
h1{font-size:1.3rem;margin-top:0}.amount{font-size:1.6rem;font-weight:600;direction:ltr;unicode-bidi:isolate}
.voucher{font-size:1.4rem;letter-spacing:.15em;direction:ltr;unicode-bidi:isolate}form{display:inline}
button{font-size:1rem;padding:.6rem 1.4rem;margin:.3rem;border:0;border-radius:6px;cursor:pointer}
.pay{background:#28c76f;color:#fff}.fail{background:#ea5455;color:#fff}small{color:#6d6b77}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The hosted page and its two buttons, under /api/sis/payments/sandbox. */
export function sandboxRoutes(app: FastifyInstance, db: Db, secret: string, pageSecret: string): void {
  app.get<{ Params: { ref: string }; Querystring: { lang?: string; key?: string } }>(
    '/payments/sandbox/:ref',
    async (request, reply) => {
      const lang = pageLanguage(request.query.lang, request.cookies?.language);
      const t = TEXT[lang];
      reply.type('text/html; charset=utf-8');
      const key = request.query.key;
      if (!keyMatches(pageSecret, request.params.ref, key))
        return reply.status(404).send(page(lang, `<h1>${t.missing}</h1>`));
      const row = await db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('provider_reference', '=', request.params.ref)
        .executeTakeFirst();
      if (!row) return reply.status(404).send(page(lang, `<h1>${t.missing}</h1>`));
      const amount = `<p>${t.amount}: <span class="amount">${esc(Number(row.amount).toFixed(2))} ${esc(row.currency)}</span></p>`;
      const description = `<p>${esc(row.description)}</p>`;
      if (row.status !== 'pending') {
        const back = row.return_url ? `<p><a href="${esc(row.return_url)}">${t.back}</a></p>` : '';
        return page(
          lang,
          `<h1>${t.title}</h1>${description}${amount}<p>${t.done} ${row.status === 'paid' ? t.paid : t.failed}.</p>${back}`,
        );
      }
      const voucher = row.voucher_reference
        ? `<p>${t.voucher}: <span class="voucher" data-testid="voucher">${esc(row.voucher_reference)}</span></p>`
        : '';
      const action = (outcome: string, cls: string, label: string) =>
        `<form method="post" action="${SANDBOX_PATH}/${esc(row.provider_reference)}/${outcome}?lang=${lang}&amp;key=${esc(key)}"><button class="${cls}" type="submit">${label}</button></form>`;
      return page(
        lang,
        `<h1>${t.title}</h1>${description}${amount}${voucher}<p>${action('pay', 'pay', t.pay)}${action('fail', 'fail', t.fail)}</p><small>${t.note}</small>`,
      );
    },
  );

  // The payer's click: the provider records it, notifies the merchant (signed), sends the browser back.
  app.post<{ Params: { ref: string; outcome: string }; Querystring: { key?: string } }>(
    '/payments/sandbox/:ref/:outcome',
    async (request, reply) => {
      const outcome = request.params.outcome;
      if (outcome !== 'pay' && outcome !== 'fail') return reply.status(404).send({ error: 'Not found' });
      // Only the payer's page may settle it: a reference seen elsewhere (a log, a callback) is not enough.
      if (!keyMatches(pageSecret, request.params.ref, request.query.key))
        return reply.status(404).send({ error: 'Not found' });
      const status = outcome === 'pay' ? 'paid' : 'failed';
      const row = await db
        .updateTable('sandbox_payments')
        .set({ status, updated_at: sql`now()` })
        .where('provider_reference', '=', request.params.ref)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      const current =
        row ??
        (await db
          .selectFrom('sandbox_payments')
          .selectAll()
          .where('provider_reference', '=', request.params.ref)
          .executeTakeFirst());
      if (!current) return reply.status(404).send({ error: 'Not found' });
      if (row) await deliver(app, secret, row, status);
      return reply.redirect(
        current.return_url ||
          `${SANDBOX_PATH}/${current.provider_reference}?key=${sandboxPageKey(pageSecret, current.provider_reference)}`,
        303,
      );
    },
  );
}

/** Posts the signed callback to the merchant's callback address (in-process, through HTTP routing). */
export async function deliver(
  app: FastifyInstance,
  secret: string,
  row: Record<string, any>,
  status: 'paid' | 'failed',
): Promise<number> {
  const body = JSON.stringify({
    event_id: `${row.provider_reference}-${status}`,
    reference: row.merchant_reference,
    status,
    amount: Number(row.amount),
    currency: row.currency,
    occurred_at: new Date().toISOString(),
  });
  const response = await app.inject({
    method: 'POST',
    url: row.callback_url,
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(secret, body) },
  });
  return response.statusCode;
}

function pageLanguage(query: string | undefined, cookie: string | undefined): 'en' | 'ar' {
  const lang = (query ?? cookie ?? '').toLowerCase().slice(0, 2);
  return lang === 'ar' ? 'ar' : 'en';
}
