/**
 * The certificate's data for renderCertificatePdf (server/documents/certificate-pdf.ts, whose
 * types are the contract): read from the database and written in the document's language.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type {
  CertificateCourseLine,
  CertificateDocument,
  CertificateKindKey,
} from '../../documents/certificate-pdf.ts';
import { studyPlan, termsGrades } from '../academic/records.ts';
import { readSettings } from '../system/university-data.ts';
import type { Db as EntityDb } from '../auth/tables.ts';
import { KIND_TABLE } from './lifecycle.ts';
import { tableOf, type RequestRow } from './store.ts';

type Db = Kysely<any>;
type Lang = 'en' | 'ar';

const pick = (lang: Lang, en: unknown, ar: unknown): string => String((lang === 'ar' && ar ? ar : en) ?? '');
const day = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value).slice(0, 10) : d.toISOString().slice(0, 10);
};
const gpaText = (value: unknown): string | null =>
  value === null || value === undefined ? null : Number(value).toFixed(2);

const SIGNATURES = {
  affairs: { en: 'Student affairs', ar: 'شؤون الطلاب' },
  dean: { en: 'Dean of the faculty', ar: 'عميد الكلية' },
};

function statusName(m: Manifest, table: string, id: unknown, lang: Lang): string | null {
  const s = m.statusTables[table]?.statuses.find((x) => x.id === Number(id));
  return s ? pick(lang, s.name, s.name_local) : null;
}

/** The request's language: English unless it asked for Arabic (certificate_language). */
export function documentLanguage(m: Manifest, row: RequestRow): Lang {
  return m.statusTables.certificate_language?.statuses.find((s) => s.id === Number(row.language_id))?.key === 'ar'
    ? 'ar'
    : 'en';
}

export async function certificateDocument(
  db: Db,
  m: Manifest,
  row: RequestRow,
  copy: number,
  publicUrl: string,
): Promise<CertificateDocument> {
  const lang = documentLanguage(m, row);
  const { rows } =
    await sql<any>`select s.code, s.name, s.name_local, s.national_id, s.level, s.status_id, s.gpa, s.earned_hours,
      c.name as nationality, c.name_local as nationality_local, f.name as faculty, f.name_local as faculty_local,
      p.name as program, p.name_local as program_local, t.start_date as enrolled_at
    from ${sql.table(tableOf(m, 'students'))} s
    left join ${sql.table(tableOf(m, 'countries'))} c on c.id = s.nationality_id
    left join ${sql.table(tableOf(m, 'faculties'))} f on f.id = s.faculty_id
    left join ${sql.table(tableOf(m, 'programs'))} p on p.id = s.program_id
    left join ${sql.table(tableOf(m, 'terms'))} t on t.id = s.admission_term_id
    where s.id = ${row.student_id}`.execute(db);
  const s = rows[0] ?? {};
  const { rows: current } = await sql<any>`select name, name_local from ${sql.table(tableOf(m, 'terms'))}
    where is_current = true and deleted_at is null order by start_date desc limit 1`.execute(db);
  const { rows: signer } =
    row.signed_by == null
      ? { rows: [] as any[] }
      : await sql<any>`select name, name_local
    from ${sql.table(tableOf(m, 'users'))} where id = ${row.signed_by}`.execute(db);
  const settings = await readSettings(db as EntityDb, m, ['university_name', 'university_name_local']);
  const kind = (m.statusTables[KIND_TABLE]?.statuses.find((k) => k.id === Number(row.kind_id))?.key ??
    'enrollment') as CertificateKindKey;
  const graduated =
    m.statusTables.student_status?.statuses.find((x) => x.id === Number(s.status_id))?.key === 'graduated';
  const doc: CertificateDocument = {
    language: lang,
    kind,
    university: pick(
      lang,
      settings.get('university_name')?.value ?? 'Rowaq University',
      settings.get('university_name_local')?.value,
    ),
    reference: String(row.code),
    copy: { number: copy, of: Number(row.quantity) },
    issuedAt: day(row.approved_at) ?? new Date().toISOString().slice(0, 10),
    verification: {
      code: String(row.verification_code),
      url: `${publicUrl.replace(/\/$/, '')}/certificates/external/${row.verification_code}`,
    },
    student: {
      name: pick(lang, s.name, s.name_local),
      code: String(s.code ?? ''),
      nationalId: s.national_id ?? null,
      nationality: s.nationality ? pick(lang, s.nationality, s.nationality_local) : null,
      faculty: pick(lang, s.faculty, s.faculty_local),
      program: pick(lang, s.program, s.program_local),
      level: s.level == null ? null : lang === 'ar' ? `المستوى ${s.level}` : `Level ${s.level}`,
      status: statusName(m, 'student_status', s.status_id, lang),
      gpa: gpaText(s.gpa),
      earnedHours: s.earned_hours == null ? null : Number(s.earned_hours),
      enrolledAt: day(s.enrolled_at),
      graduatedAt: graduated ? day(row.approved_at) : null,
    },
    term: current[0] ? pick(lang, current[0].name, current[0].name_local) : null,
    addressedTo: row.addressed_to ?? null,
    signatures: [
      { title: SIGNATURES.affairs[lang], name: null, signedAt: day(row.approved_at) },
      {
        title: SIGNATURES.dean[lang],
        name: signer[0] ? pick(lang, signer[0].name, signer[0].name_local) : null,
        signedAt: day(row.signed_at),
      },
    ],
  };
  if (kind === 'transcript') {
    const terms = await termsGrades(db as EntityDb, m, row.student_id);
    doc.terms = terms.data.map((t: any) => ({
      name: pick(lang, t.name, t.name_local),
      gpa: gpaText(t.term_gpa),
      courses: (t.courses as any[]).map((c): CertificateCourseLine => ({
        code: c.code,
        name: pick(lang, c.name, c.name_local),
        hours: Number(c.credit_hours),
        grade: c.letter ?? null,
      })),
    }));
  }
  if (kind === 'study_plan') {
    const plan = await studyPlan(db as EntityDb, m, row.student_id);
    const groups = new Map<number, CertificateCourseLine[]>();
    for (const c of plan.data) {
      const list = groups.get(c.level) ?? [];
      list.push({
        code: c.code,
        name: pick(lang, c.name, c.name_local),
        hours: c.credit_hours,
        grade: c.letter,
        state: statusName(m, 'study_plan_state', c.state_id, lang),
      });
      groups.set(c.level, list);
    }
    doc.plan = [...groups].map(([level, courses]) => ({
      name: lang === 'ar' ? `المستوى ${level}` : `Level ${level}`,
      courses,
    }));
  }
  return doc;
}
