/**
 * student_registrations.pdf (GET /registrations/students/export-registration/{student_id}/{lang}):
 * the student's registrations in the current term, with course codes, names, sections, credit
 * hours and status, in Arabic (right to left) or English.
 *
 * Rows that are not registrations any more are left out: removed requests (14) and rejected
 * ones (13). Total hours count the courses the student holds (registered, or asked to
 * withdraw or drop but not yet decided), as the dashboard does.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { ltr, renderPdf, type PdfBlock } from '../../documents/pdf.ts';
import { notFound } from '../../http/errors.ts';
import { HELD_CODES } from '../dashboard/plugin.ts';
import { currentTerms } from '../system/terms.ts';

export type PdfLanguage = 'ar' | 'en';

const NOT_LISTED = [13, 14]; // rejected, removed

const T = {
  title: { en: 'Course registration statement', ar: 'إفادة تسجيل المقررات' },
  student: { en: 'Student', ar: 'الطالب' },
  code: { en: 'Student code', ar: 'الرقم الجامعي' },
  faculty: { en: 'Faculty', ar: 'الكلية' },
  program: { en: 'Program', ar: 'البرنامج' },
  level: { en: 'Level', ar: 'المستوى' },
  term: { en: 'Term', ar: 'الفصل الدراسي' },
  noTerm: { en: 'No current term', ar: 'لا يوجد فصل دراسي حالي' },
  number: { en: '#', ar: 'م' },
  courseCode: { en: 'Course code', ar: 'رمز المقرر' },
  courseName: { en: 'Course', ar: 'المقرر' },
  section: { en: 'Section', ar: 'الشعبة' },
  hours: { en: 'Credit hours', ar: 'الساعات المعتمدة' },
  status: { en: 'Status', ar: 'الحالة' },
  none: { en: 'No registrations in this term', ar: 'لا توجد تسجيلات في هذا الفصل' },
  total: { en: 'Total registered credit hours', ar: 'إجمالي الساعات المعتمدة المسجلة' },
  printed: { en: 'Printed on', ar: 'تاريخ الطباعة' },
} as const;

type Row = Record<string, unknown>;

function local(row: Row | undefined, lang: PdfLanguage): string {
  if (!row) return '';
  const [a, b] = lang === 'ar' ? [row.name_local, row.name] : [row.name, row.name_local];
  return String(a || b || '');
}

async function labelRow(db: Kysely<any>, manifest: Manifest, entity: string, id: unknown): Promise<Row | undefined> {
  const e = manifest.entities[entity];
  if (!e || typeof id !== 'number') return undefined;
  const columns = ['name', 'name_local', 'code'].filter((c) => e.fields[c]);
  if (!columns.length) return undefined;
  return db.selectFrom(e.table).select(columns).where('id', '=', id).executeTakeFirst();
}

/** The PDF of one student; 404 when the student does not exist (or is deleted). */
export async function studentRegistrationsPdf(
  db: Kysely<any>,
  manifest: Manifest,
  studentId: number,
  lang: PdfLanguage,
  today = new Date(),
): Promise<Buffer> {
  const students = manifest.entities.students!;
  const student = await db
    .selectFrom(students.table)
    .selectAll()
    .where('id', '=', studentId)
    .$if(!!students.softDelete, (q) => q.where('deleted_at', 'is', null))
    .executeTakeFirst();
  if (!student) throw notFound();
  const term = (await currentTerms(db as any, manifest)).current_term;
  const [faculty, program] = await Promise.all([
    labelRow(db, manifest, 'faculties', student.faculty_id),
    labelRow(db, manifest, 'programs', student.program_id),
  ]);
  const rows = term ? await registrations(db, manifest, studentId, Number(term.id)) : [];
  const statuses = new Map(
    manifest.statusTables.registration_code?.statuses.map((s) => [
      Number(s.id),
      lang === 'ar' ? s.name_local || s.name : s.name,
    ]) ?? [],
  );
  const held = new Set<number>(HELD_CODES);
  const total = rows.filter((r) => held.has(Number(r.status_code))).reduce((sum, r) => sum + Number(r.hours ?? 0), 0);
  const t = (key: keyof typeof T) => T[key][lang];

  const studentName =
    lang === 'ar' ? String(student.name_local || student.name || '') : String(student.name || student.name_local || '');
  const blocks: PdfBlock[] = [
    {
      type: 'keyValue',
      rows: [
        { label: t('student'), value: studentName },
        { label: t('code'), value: student.code as string | null },
        { label: t('faculty'), value: local(faculty, lang) },
        { label: t('program'), value: local(program, lang) },
        { label: t('level'), value: student.level as number | null },
        { label: t('term'), value: term ? local(term, lang) || String(term.code ?? '') : t('noTerm') },
      ],
    },
    {
      type: 'table',
      columns: [
        { header: t('number'), width: 0.5, align: 'center' },
        { header: t('courseCode'), width: 1.3 },
        { header: t('courseName'), width: 3.2 },
        { header: t('section'), width: 0.9 },
        { header: t('hours'), width: 1, align: 'center' },
        { header: t('status'), width: 1.6 },
      ],
      rows: rows.map((r, i) => [
        i + 1,
        r.course_code as string,
        local({ name: r.course_name, name_local: r.course_name_local }, lang),
        r.section_code as string,
        r.hours as number,
        statuses.get(Number(r.status_code)) ?? String(r.status_code),
      ]),
      empty: t('none'),
    },
    { type: 'keyValue', rows: [{ label: t('total'), value: total }], labelWidth: 0.45 },
    { type: 'paragraph', text: `${t('printed')}: ${ltr(today.toISOString().slice(0, 10))}`, size: 9 },
  ];
  return renderPdf({
    direction: lang === 'ar' ? 'rtl' : 'ltr',
    language: lang,
    title: t('title'),
    blocks,
    info: { subject: studentName },
  });
}

async function registrations(db: Kysely<any>, manifest: Manifest, studentId: number, termId: number): Promise<Row[]> {
  const reg = manifest.entities.registrations!;
  const courses = manifest.entities.courses!;
  const offerings = manifest.entities.offerings!;
  const sections = manifest.entities.sections;
  // registrations.course_id is a copy of the offering's course; the offering's when it is missing.
  let query = db
    .selectFrom(`${reg.table} as r`)
    .leftJoin(`${offerings.table} as o`, 'o.id', 'r.offering_id')
    .leftJoin(`${courses.table} as c`, (join) => join.on(sql<boolean>`c.id = coalesce(r.course_id, o.course_id)`))
    .select([
      'r.id',
      'r.status_code',
      'c.code as course_code',
      'c.name as course_name',
      'c.name_local as course_name_local',
    ])
    .select(sql<number>`coalesce(r.credit_hours, c.credit_hours)`.as('hours'))
    .where('r.student_id', '=', studentId)
    .where('r.term_id', '=', termId)
    .where('r.status_code', 'not in', NOT_LISTED);
  if (reg.softDelete) query = query.where('r.deleted_at', 'is', null);
  query = sections
    ? query.leftJoin(`${sections.table} as s`, 's.id', 'r.section_id').select('s.code as section_code')
    : query.select(sql<null>`null`.as('section_code'));
  return query.orderBy('c.code').orderBy('r.id').execute();
}
