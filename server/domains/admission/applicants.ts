/**
 * Reading an applicant for an applicant call: the id of the path and the secret of the
 * X-Applicant-Secret header (see secret.ts), or a staff caller holding access_admission for
 * the read-only calls. Nothing is read for the caller before this check passes.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Manifest, Status } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { applicantUser } from '../../auth/user.ts';
import { HttpError } from '../../http/errors.ts';
import { SECRET_HEADER, secretMatches } from './secret.ts';

export const APPLICANTS_TABLE = 'applicants';
export const STAFF_READ_PERMISSION = 'access_admission';
export const EGYPT = 64;

export interface ApplicantRow {
  id: number;
  applicant_type_id: number;
  admission_id: number | null;
  term_id: number | null;
  email: string;
  name: string | null;
  name_local: string | null;
  national_id: string | null;
  passport: string | null;
  nationality_id: number | null;
  phone: string | null;
  gender_id: number | null;
  secret: string | null;
  status_id: number;
  require_payment: boolean | null;
  early: boolean | null;
  degree_level_id: number | null;
  faculty_id: number | null;
  program_id: number | null;
  form_version: string | null;
  data: unknown;
  completed_tabs: unknown;
  tab_versions: unknown;
  submitted_at: Date | null;
  feedback: string | null;
  status_changed_at: Date | null;
  created_at?: Date;
  updated_at?: Date;
}

type Db = Kysely<any> | Transaction<any>;

/** The row, locked for the rest of the transaction when `lock` (tab saves read-modify-write its JSON). */
export async function findApplicant(db: Db, id: number, lock = false): Promise<ApplicantRow | undefined> {
  let query = db.selectFrom(APPLICANTS_TABLE).selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ApplicantRow | undefined;
}

/** The degree level an application kind applies for (1 undergraduate, 2 postgraduate: kinds 4-6). */
export function degreeLevelOfType(type: number): 1 | 2 {
  return type >= 4 && type <= 6 ? 2 : 1;
}

/** Whether a program is offered at the applicant's degree level (none known: any program). */
export function programFitsLevel(program: { degree_level_id: unknown }, level: unknown): boolean {
  return level === null || level === undefined || Number(program.degree_level_id) === Number(level);
}

export function parseId(raw: unknown): number | null {
  const text = String(raw ?? '');
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

export type Caller = { kind: 'applicant' } | { kind: 'staff' };

/**
 * Who may act on application `rawId`: the applicant (secret header) for every call, staff with
 * access_admission for reads (`staffMayRead`). Sets request.user for an applicant. A missing
 * secret answers 401; a wrong one, or an id without applicant, the same 403.
 */
export async function authorize(
  db: Db,
  manifest: Manifest,
  request: FastifyRequest,
  rawId: unknown,
  opts: { staffMayRead?: boolean; lock?: boolean } = {},
): Promise<{ applicant: ApplicantRow; caller: Caller }> {
  const header = request.headers[SECRET_HEADER];
  const secret = Array.isArray(header) ? header[0] : header;
  const id = parseId(rawId);
  if (!secret) {
    if (opts.staffMayRead && request.user.id !== null && can(request.user, STAFF_READ_PERMISSION)) {
      const applicant = id === null ? undefined : await findApplicant(db, id, opts.lock);
      if (!applicant) throw new HttpError(404, 'not_found');
      return { applicant, caller: { kind: 'staff' } };
    }
    throw new HttpError(401, 'applicant_secret_missing');
  }
  const applicant = id === null ? undefined : await findApplicant(db, id, opts.lock);
  // Hash and compare even when the id is unknown: the answer's timing says nothing either way.
  if (!secretMatches(secret, applicant?.secret ?? null) || !applicant)
    throw new HttpError(403, 'applicant_secret_invalid');
  request.user = applicantUser(manifest, applicant);
  return { applicant, caller: { kind: 'applicant' } };
}

export function statusOf(manifest: Manifest, statusId: number): Status | undefined {
  return manifest.statusTables.applicant_status?.statuses.find((s) => s.id === Number(statusId));
}

export function statusKey(manifest: Manifest, statusId: number): string | undefined {
  return statusOf(manifest, statusId)?.key;
}

/** The applicant may change tabs and files only while incomplete or sent back with feedback. */
export const EDITABLE_STATUSES = ['incomplete', 'feedback'];

export function isEditable(manifest: Manifest, applicant: ApplicantRow): boolean {
  return EDITABLE_STATUSES.includes(statusKey(manifest, applicant.status_id) ?? '');
}

export function requireEditable(manifest: Manifest, applicant: ApplicantRow): void {
  if (!isEditable(manifest, applicant)) throw new HttpError(409, 'application_locked');
}

/**
 * The tabs counted complete: marked done (completing a tab marks the earlier ones too, the
 * spec's navigation rule) AND saved at least once (a version recorded for the tab). A tab
 * skipped over was never saved: a check or a 'Done' on it would tell the applicant and the
 * office something untrue, and the count of complete sections would not move when it is saved.
 */
export function doneTabs(applicant: Pick<ApplicantRow, 'completed_tabs' | 'tab_versions'>): string[] {
  const saved = applicant.tab_versions && typeof applicant.tab_versions === 'object' ? applicant.tab_versions : {};
  return Array.isArray(applicant.completed_tabs)
    ? applicant.completed_tabs.filter((t): t is string => typeof t === 'string' && t in saved)
    : [];
}
