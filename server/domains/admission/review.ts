/**
 * Staff review of applications: the status changes of the applicant_status table's transitions
 * (each edge with its permission, checked by the same transitionAllowed the generic resource
 * layer uses), with a comment that becomes the applicant's feedback. Also the applicant's
 * dashboard: status, feedback, tabs, fees and what to do next.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { LocalText, Manifest, Status } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requireSignedIn } from '../auth/guards.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { transitionAllowed } from '../../resources/write-checks.ts';
import {
  APPLICANTS_TABLE,
  STAFF_READ_PERMISSION,
  authorize,
  doneTabs,
  findApplicant,
  isEditable,
  parseId,
  programFitsLevel,
  statusKey,
  statusOf,
  type ApplicantRow,
} from './applicants.ts';
import type { AdmissionContext } from './application.ts';
import { applicantFees, type FeeLine } from './fees.ts';
import { admissionWizard, applicantTabs, tabData } from './tabs.ts';
import { statusMail } from './status-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** Statuses whose change needs a comment for the applicant. */
const COMMENT_REQUIRED = ['feedback', 'rejected'];

function statusTable(manifest: Manifest) {
  const table = manifest.statusTables.applicant_status;
  if (!table) throw new Error('the manifest declares no applicant_status table');
  return table;
}

/** The transitions this user may take from the applicant's current status. */
export function allowedActions(
  manifest: Manifest,
  user: FastifyRequest['user'],
  applicant: ApplicantRow,
): Array<{ action: string; to: Status }> {
  const table = statusTable(manifest);
  const from = statusKey(manifest, applicant.status_id);
  const out: Array<{ action: string; to: Status }> = [];
  for (const t of table.transitions ?? []) {
    const to = table.statuses.find((s) => s.key === t.to);
    if (!to || !from || !(t.from.includes(from) || t.from.includes('*'))) continue;
    if (t.permission && !can(user, t.permission)) continue;
    out.push({ action: t.action ?? t.to, to });
  }
  return out;
}

function staffCaller(request: FastifyRequest) {
  const user = requireSignedIn(request);
  if (!can(user, STAFF_READ_PERMISSION)) throw new HttpError(403, 'forbidden');
  return user;
}

/**
 * The transitions this user may take, each with what it asks for: the distribution (to
 * 'accepted') names a program, chosen from the applicant's degree level, the applicant's own
 * preferences first in their order (`preference` is the rank).
 */
export async function reviewActions(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown) {
  const user = staffCaller(request);
  const id = parseId(rawId);
  const applicant = id === null ? undefined : await findApplicant(ctx.db, id);
  if (!applicant) throw new HttpError(404, 'not_found');
  const actions = allowedActions(ctx.manifest, user, applicant);
  if (!actions.some((a) => a.to.key === DISTRIBUTED)) return { data: actions };
  const programs = await programChoices(ctx.db, applicant);
  return { data: actions.map((a) => (a.to.key === DISTRIBUTED ? { ...a, programs } : a)) };
}

type ProgramChoice = { id: number; name: string; name_local: string; faculty_id: number; preference: number | null };

async function programChoices(
  db: Parameters<typeof findApplicant>[0],
  applicant: ApplicantRow,
): Promise<ProgramChoice[]> {
  let query = db
    .selectFrom('programs')
    .select(['id', 'name', 'name_local', 'faculty_id'])
    .where('deleted_at', 'is', null);
  if (applicant.degree_level_id !== null) query = query.where('degree_level_id', '=', applicant.degree_level_id);
  const rows = await query.orderBy('name').execute();
  const ranks = preferenceRanks(applicant);
  const choices = rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    name_local: String(r.name_local ?? r.name),
    faculty_id: Number(r.faculty_id),
    preference: ranks.get(Number(r.id)) ?? null,
  }));
  return choices.sort((a, b) => (a.preference ?? Infinity) - (b.preference ?? Infinity));
}

/** Program id -> the rank the applicant gave it (the personal_preference tab's list). */
function preferenceRanks(applicant: ApplicantRow): Map<number, number> {
  const list = tabData(applicant).personal_preference?.preferences;
  const out = new Map<number, number>();
  if (!Array.isArray(list)) return out;
  for (const p of list as Array<{ program_id?: unknown; order?: unknown }>) {
    const program = Number(p?.program_id);
    const rank = Number(p?.order);
    if (Number.isInteger(program) && Number.isInteger(rank) && !out.has(program)) out.set(program, rank);
  }
  return out;
}

export async function changeStatus(
  ctx: AdmissionContext & { mailer?: Mailer },
  request: FastifyRequest,
  rawId: unknown,
  body: unknown,
) {
  const user = staffCaller(request);
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const id = parseId(rawId);
  const table = statusTable(ctx.manifest);
  const comment = typeof input.comment === 'string' ? input.comment.trim().slice(0, 4000) : '';
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const applicant = id === null ? undefined : await findApplicant(trx, id, true);
    if (!applicant) throw new HttpError(404, 'not_found');
    const byAction =
      typeof input.action === 'string'
        ? allowedActions(ctx.manifest, user, applicant).find((a) => a.action === input.action)?.to
        : undefined;
    const wanted = input.status ?? input.status_id;
    const to =
      byAction ??
      table.statuses.find(
        (s) =>
          s.key === wanted ||
          (wanted !== undefined && wanted !== null && wanted !== '' && String(s.id) === String(wanted)),
      );
    if (!to)
      throw ValidationError.single('status', {
        key: typeof input.action === 'string' ? 'status_transition' : 'status_invalid',
      });
    if (to.id === Number(applicant.status_id) || !transitionAllowed(table, user, applicant.status_id, to.id)) {
      throw ValidationError.single('status', { key: 'status_transition' });
    }
    if (COMMENT_REQUIRED.includes(to.key) && !comment)
      throw ValidationError.single('comment', { key: 'status_comment_required' });
    const placement = to.key === DISTRIBUTED ? await programOf(trx, input.program_id, applicant) : {};
    await trx
      .updateTable(APPLICANTS_TABLE)
      .set({
        status_id: to.id,
        feedback: comment || null,
        status_changed_at: sql`now()`,
        updated_at: sql`now()`,
        ...placement,
      })
      .where('id', '=', applicant.id)
      .execute();
    await recordAccess(trx, ctx.manifest, {
      user,
      action: 'status_change',
      resource: APPLICANTS_TABLE,
      recordId: applicant.id,
      ip: request.ip,
      details: { from: statusKey(ctx.manifest, applicant.status_id), to: to.key, comment: comment || undefined },
    });
    return { applicant, to };
  });
  // The change is stored: a mail that cannot be sent is logged, not turned into a failure.
  if (ctx.mailer && changed.applicant.email) {
    await ctx.mailer.send(statusMail(changed.applicant.email, changed.to, comment)).catch((error: unknown) => {
      request.log.warn({ err: error, applicant: changed.applicant.id }, 'the status mail could not be sent');
    });
  }
  return { data: { id: changed.applicant.id, status: changed.to, feedback: comment || null } };
}

/** The status whose change distributes the applicant: it names the program (and so the faculty). */
const DISTRIBUTED = 'accepted';

async function programOf(
  trx: Parameters<typeof findApplicant>[0],
  raw: unknown,
  applicant: ApplicantRow,
): Promise<{ program_id: number; faculty_id: number }> {
  const id = parseId(raw);
  if (id === null) throw ValidationError.single('program_id', { key: 'required' });
  const program = await trx
    .selectFrom('programs')
    .select(['id', 'faculty_id', 'degree_level_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!program) throw ValidationError.single('program_id', { key: 'ref_missing' });
  if (!programFitsLevel(program, applicant.degree_level_id))
    throw ValidationError.single('program_id', { key: 'program_not_for_level' });
  return { program_id: Number(program.id), faculty_id: Number(program.faculty_id) };
}

const NEXT: Record<string, LocalText> = {
  complete_tabs: { en: 'Complete the remaining sections of your application', ar: 'أكمل الأقسام المتبقية من طلبك' },
  pay: { en: 'Pay the fees that are due', ar: 'سدد الرسوم المستحقة' },
  submit: { en: 'Send your application for review', ar: 'أرسل طلبك للمراجعة' },
  wait_review: { en: 'Your application is being reviewed', ar: 'طلبك قيد المراجعة' },
  fix_feedback: {
    en: 'Read the feedback, correct your application and send it again',
    ar: 'اقرأ الملاحظات وصحح طلبك ثم أرسله مرة أخرى',
  },
  exam: { en: 'Attend the admission exam', ar: 'احضر اختبار القبول' },
  wait_distribution: { en: 'Wait for the distribution to a faculty', ar: 'انتظر التوزيع على الكليات' },
  pay_final: { en: 'Pay the final fees to confirm your place', ar: 'سدد الرسوم النهائية لتأكيد قبولك' },
  accepted: { en: 'You were accepted; the final steps follow', ar: 'تم قبولك، وستتبع ذلك الخطوات النهائية' },
  approved: { en: 'Your admission is complete', ar: 'اكتمل قبولك' },
  rejected: { en: 'Your application is on hold', ar: 'طلبك معلق' },
};

function nextStep(key: string, tabsLeft: number, fees: FeeLine[]): string {
  const feeDue = fees.some((f) => f.due && f.status !== 'paid');
  switch (key) {
    case 'incomplete':
      return tabsLeft > 0 ? 'complete_tabs' : feeDue ? 'pay' : 'submit';
    case 'feedback':
      return 'fix_feedback';
    case 'exam_fees_required':
    case 'exam_fails':
      return 'pay';
    case 'exam_required':
      return 'exam';
    case 'distribution_required':
      return 'wait_distribution';
    case 'final_fees_required':
      return 'pay_final';
    case 'accepted':
      return 'accepted';
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    default:
      return 'wait_review';
  }
}

export async function dashboard(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId, { staffMayRead: true });
  const tabs = applicantTabs(admissionWizard(ctx.manifest), applicant);
  const done = doneTabs(applicant);
  const fees = await applicantFees(ctx.db, ctx.manifest, applicant);
  const key = statusKey(ctx.manifest, applicant.status_id) ?? 'incomplete';
  const step = nextStep(key, tabs.filter((t) => !done.includes(t)).length, fees);
  return {
    data: {
      id: applicant.id,
      applicant_type_id: applicant.applicant_type_id,
      admission_id: applicant.admission_id,
      term_id: applicant.term_id,
      email: applicant.email,
      name: applicant.name,
      name_local: applicant.name_local,
      nationality_id: applicant.nationality_id,
      degree_level_id: applicant.degree_level_id,
      program_id: applicant.program_id ?? null,
      status: statusOf(ctx.manifest, applicant.status_id),
      feedback: applicant.feedback,
      status_changed_at: applicant.status_changed_at,
      submitted_at: applicant.submitted_at,
      editable: isEditable(ctx.manifest, applicant),
      tabs: tabs.map((t) => ({ key: t, done: done.includes(t) })),
      completed_tabs: done,
      form_version: applicant.form_version,
      next_step: { key: step, text: NEXT[step] },
      payment_due: fees.some((f) => f.due && f.status !== 'paid'),
      require_payment: applicant.require_payment,
      early: applicant.early,
      fees,
    },
    completed_tabs: done,
  };
}
