/**
 * PUT /admission/apply: starts an application. The applicant chooses the kind (type 1-6, or 7
 * for a staff application) and gives an email; the server finds the open admission round of
 * that kind (and term, when named), creates the applicant with a random secret and emails the
 * link /admissionForm/{type}/{id}/{secretKey}/nationality. The secret is never in the answer.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { checkRule } from '../../../engine/core/field-rules.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { HttpError, ValidationError, addFieldError, type FieldErrors } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { APPLICANTS_TABLE, degreeLevelOfType, parseId, statusOf } from './applicants.ts';
import type { AdmissionContext } from './application.ts';
import { newSecret } from './secret.ts';
import { admissionWizard } from './tabs.ts';

type Row = Record<string, unknown>;

export interface ApplyContext extends AdmissionContext {
  mailer: Mailer;
  /** Origin of the links in emails: PUBLIC_URL, or the server's own address (never the request's Host). */
  publicUrl: string;
}

/** The round open today for `type` (and `term_id` / `admission_id` when given), or undefined. */
async function openRound(
  ctx: AdmissionContext,
  type: number,
  termId: number | null,
  admissionId: number | null,
): Promise<Row | undefined> {
  let query = ctx.db
    .selectFrom('admissions')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .where('applicant_type_id', '=', type)
    .where('opens_on', '<=', sql<string>`current_date`)
    .where('closes_on', '>=', sql<string>`current_date`);
  if (termId !== null) query = query.where('term_id', '=', termId);
  if (admissionId !== null) query = query.where('id', '=', admissionId);
  return query.orderBy('closes_on', 'asc').executeTakeFirst();
}

function input(request: FastifyRequest): Row {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : {};
  return { ...(request.query as Row), ...body };
}

export async function apply(ctx: ApplyContext, request: FastifyRequest) {
  const { manifest } = ctx;
  const given = input(request);
  const errors: FieldErrors = {};
  const type = parseId(given.type ?? given.applicant_type_id);
  const types = manifest.statusTables.applicant_type?.statuses.map((s) => s.id) ?? [];
  if (type === null || !types.includes(type)) addFieldError(errors, 'type', { key: 'applicant_type_invalid' });
  const email = typeof given.email === 'string' ? given.email.trim() : '';
  const emailRule = manifest.rules.email;
  if (!email) addFieldError(errors, 'email', { key: 'required' });
  else if (email.length > 190 || (emailRule && !checkRule(emailRule, email)))
    addFieldError(errors, 'email', emailRule ? { text: emailRule.message } : { key: 'format_email' });
  const nationality =
    given.nationality_id === undefined || given.nationality_id === '' || given.nationality_id === null
      ? null
      : parseId(given.nationality_id);
  if (
    given.nationality_id !== undefined &&
    given.nationality_id !== '' &&
    given.nationality_id !== null &&
    nationality === null
  )
    addFieldError(errors, 'nationality_id', { key: 'ref_missing' });
  const name = typeof given.name === 'string' ? given.name.trim().slice(0, 200) : null;
  // A term or round named by the caller must be a real id: a mistyped one is said, not ignored
  // (ignoring it would apply to whichever round happens to be open).
  const optionalId = (field: 'term_id' | 'admission_id'): number | null => {
    const raw = given[field];
    if (raw === undefined || raw === '' || raw === null) return null;
    const id = parseId(raw);
    if (id === null) addFieldError(errors, field, { key: 'ref_missing' });
    return id;
  };
  const termId = optionalId('term_id');
  const admissionId = optionalId('admission_id');
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const round = await openRound(ctx, type!, termId, admissionId);
  if (!round) throw new HttpError(409, 'admission_closed');
  if (
    nationality !== null &&
    !(await ctx.db.selectFrom('countries').select('id').where('id', '=', nationality).executeTakeFirst())
  ) {
    throw ValidationError.single('nationality_id', { key: 'ref_missing' });
  }

  const { secret, hash } = newSecret();
  const wizard = admissionWizard(manifest);
  const applicant = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto(APPLICANTS_TABLE)
      .values({
        applicant_type_id: type,
        email,
        name: name || null,
        nationality_id: nationality,
        secret: hash,
        admission_id: round.id,
        term_id: round.term_id,
        degree_level_id: round.degree_level_id ?? degreeLevelOfType(type!),
        require_payment: type !== 7,
        early: round.early_payment !== false,
        status_id: manifest.statusTables.applicant_status?.statuses.find((s) => s.key === 'incomplete')?.id ?? 1,
        form_version: wizard.version,
      })
      .returning(['id', 'applicant_type_id', 'admission_id', 'term_id', 'email', 'status_id'])
      .executeTakeFirstOrThrow();
    await recordAccess(trx, manifest, {
      user: null,
      action: 'apply',
      resource: APPLICANTS_TABLE,
      recordId: Number(row.id),
      ip: request.ip,
    });
    return row;
  });

  const language = requestLanguage(request);
  const origin = ctx.publicUrl.replace(/\/+$/, '');
  const link = `${origin}/admissionForm/${type}/${applicant.id}/${secret}/nationality`;
  await ctx.mailer.send(
    applicationMail(
      email,
      link,
      language === 'ar' ? 'ar' : 'en',
      String(round.name ?? ''),
      String(round.name_local ?? round.name ?? ''),
    ),
  );

  return {
    data: { ...applicant, id: Number(applicant.id), status: statusOf(manifest, Number(applicant.status_id)) },
    message: { key: 'application_link_sent' as const, params: { email } },
  };
}

/** The email with the link, in the applicant's language with the other language below. */
function applicationMail(to: string, link: string, language: 'en' | 'ar', round: string, roundLocal: string) {
  const en = `Thank you for applying (${round}).\n\nOpen your application form with this link. Keep it private: it is the key to your application.\n\n${link}\n`;
  const ar = `شكرًا لتقدمك (${roundLocal}).\n\nافتح استمارة التقديم من هذا الرابط، واحتفظ به لنفسك فهو مفتاح طلبك.\n\n${link}\n`;
  return {
    to,
    subject:
      language === 'ar'
        ? 'رابط استمارة التقديم | Your application link'
        : 'Your application link | رابط استمارة التقديم',
    text: language === 'ar' ? `${ar}\n---\n${en}` : `${en}\n---\n${ar}`,
  };
}
