/**
 * A student certificate as a PDF (certificate requests, server/domains/certificates): the
 * document's data in, the printable file out. The caller (the certificates domain) reads the
 * student's records and writes every value in the document's language (names, dates, numbers);
 * this module only lays them out.
 *
 * CONTRACT (shared by two pieces of work; change it only together with its caller).
 *
 * Layout (every page framed, the reference and page number in the footer): the university,
 * the title by kind, reference | copy | issue date; the body by kind (a formal sentence, or
 * the transcript's terms and the plan's groups as tables that split across pages with their
 * header repeated); then, kept together at the foot of the last page, the signatures and the
 * verification QR code. The words are in certificate-text.ts.
 */
import QRCode from 'qrcode';
import { CERTIFICATE_TEXT, type CertificateText } from './certificate-text.ts';
import { ltr, renderPdf, type PdfBlock } from './pdf.ts';

export type CertificateKindKey =
  'enrollment' | 'transcript' | 'graduation' | 'temporary_graduation' | 'to_whom_it_may_concern' | 'study_plan';

export interface CertificateCourseLine {
  code: string;
  name: string;
  /** Credit hours. */
  hours: number;
  /** The grade's letter or text ("A", "B+", "Pass"); null when none yet. */
  grade: string | null;
  /** Study plan only: "Passed", "Registered", "Remaining" in the document's language. */
  state?: string | null;
}

export interface CertificateDocument {
  language: 'en' | 'ar';
  kind: CertificateKindKey;
  /** The university's name in the document's language. */
  university: string;
  /** The request's reference, e.g. CRT-000123. */
  reference: string;
  /** Which copy this is of how many the student asked for (1 of 2...). */
  copy: { number: number; of: number };
  /** YYYY-MM-DD. */
  issuedAt: string;
  /** A code anyone can check at `url` (the public page /certificates/external/{code}); drawn as a QR code too. */
  verification: { code: string; url: string };
  student: {
    name: string;
    code: string;
    nationalId: string | null;
    nationality: string | null;
    faculty: string;
    program: string;
    level: string | null;
    status: string | null;
    /** Cumulative GPA with 2 decimals, as written ("3.42"). */
    gpa: string | null;
    earnedHours: number | null;
    /** YYYY-MM-DD. */
    enrolledAt: string | null;
    /** YYYY-MM-DD; graduation kinds. */
    graduatedAt: string | null;
  };
  /** The current term's name (enrolment, to whom it may concern). */
  term: string | null;
  /** To whom it may concern: the body the letter is addressed to. */
  addressedTo: string | null;
  /** Transcript: the student's terms in order, each with its courses and term GPA. */
  terms?: Array<{ name: string; gpa: string | null; courses: CertificateCourseLine[] }>;
  /** Study plan: the plan's groups (levels or semesters) in order. */
  plan?: Array<{ name: string; courses: CertificateCourseLine[] }>;
  /** Signature blocks, in order (e.g. "Student affairs", "Dean"); `signedAt` when the step was taken. */
  signatures: Array<{ title: string; name: string | null; signedAt: string | null }>;
}

/** The certificate as a PDF (A4). */
export async function renderCertificatePdf(doc: CertificateDocument): Promise<Buffer> {
  const t = CERTIFICATE_TEXT[doc.language];
  const rtl = doc.language === 'ar';
  const qr = await QRCode.toBuffer(doc.verification.url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 8,
  });
  const title = t.titles[doc.kind];
  return renderPdf({
    direction: rtl ? 'rtl' : 'ltr',
    language: doc.language,
    margin: 58,
    frame: { color: ACCENT },
    footer: (n, of) => `${rtl ? ltr(doc.reference) : doc.reference}  ·  ${doc.student.name}  ·  ${t.page(n, of)}`,
    info: { title: `${title} ${doc.reference}`, author: doc.university, subject: doc.student.name },
    blocks: [...header(doc, t, title), ...body(doc, t), closing(doc, t, qr)],
  });
}

const ACCENT = '#1f3a5f';
const MUTED = '#555555';

function header(doc: CertificateDocument, t: CertificateText, title: string): PdfBlock[] {
  return [
    { type: 'paragraph', text: doc.university, bold: true, size: 15, align: 'center', color: ACCENT },
    { type: 'rule', color: ACCENT, thickness: 0.8, double: true, width: 0.5 },
    { type: 'spacer', height: 8 },
    { type: 'paragraph', text: title, bold: true, size: 21, align: 'center', color: ACCENT },
    { type: 'spacer', height: 4 },
    {
      type: 'columns',
      size: 9.5,
      color: MUTED,
      cells: [
        { text: t.reference(doc.reference), align: 'start' },
        { text: t.copy(doc.copy.number, doc.copy.of), align: 'center' },
        { text: t.issuedOn(doc.issuedAt), align: 'end' },
      ],
    },
    { type: 'rule', thickness: 0.5 },
    { type: 'spacer', height: 20 },
  ];
}

const SENTENCE = 12;

function body(doc: CertificateDocument, t: CertificateText): PdfBlock[] {
  const sentence = (text: string, bold = false): PdfBlock => ({ type: 'paragraph', text, size: SENTENCE, bold });
  const gap: PdfBlock = { type: 'spacer', height: 8 };
  switch (doc.kind) {
    case 'enrollment':
      return [sentence(t.enrolled(doc)), gap, sentence(t.atRequest(doc.kind))];
    case 'to_whom_it_may_concern':
      return [
        ...(doc.addressedTo ? [sentence(t.addressedTo(doc.addressedTo), true)] : []),
        sentence(t.greeting),
        gap,
        sentence(t.enrolled(doc)),
        gap,
        sentence(t.atRequest(doc.kind)),
      ];
    case 'graduation':
    case 'temporary_graduation':
      return [
        sentence(t.graduated(doc)),
        gap,
        graduationFacts(doc, t),
        gap,
        ...(doc.kind === 'temporary_graduation' ? [sentence(t.provisional)] : []),
      ];
    case 'transcript':
      return [...studentFacts(doc, t), ...transcript(doc, t)];
    case 'study_plan':
      return [...studentFacts(doc, t), ...studyPlan(doc, t)];
  }
}

/** Who the record belongs to (transcript, study plan): the facts given, two to a line. */
function studentFacts(doc: CertificateDocument, t: CertificateText): PdfBlock[] {
  const s = doc.student;
  const l = t.labels;
  const facts = [
    { label: l.name, value: s.name },
    { label: l.code, value: s.code },
    { label: l.faculty, value: s.faculty },
    { label: l.program, value: s.program },
    { label: l.nationalId, value: s.nationalId },
    { label: l.nationality, value: s.nationality },
    { label: l.level, value: s.level },
    { label: l.status, value: s.status },
  ].filter((f) => f.value);
  const blocks: PdfBlock[] = [];
  for (let i = 0; i < facts.length; i += 2) {
    const cells = facts.slice(i, i + 2).flatMap((f) => [
      { text: f.label, bold: true, width: 1 },
      { text: f.value!, width: 2 },
    ]);
    while (cells.length < 4) cells.push({ text: '', width: cells.length % 2 ? 2 : 1 });
    blocks.push({ type: 'columns', cells, size: 10 });
  }
  return [...blocks, { type: 'spacer', height: 6 }];
}

function graduationFacts(doc: CertificateDocument, t: CertificateText): PdfBlock {
  const s = doc.student;
  const rows = [
    { label: t.labels.graduatedAt, value: s.graduatedAt },
    { label: t.labels.gpa, value: s.gpa },
    { label: t.labels.earnedHours, value: s.earnedHours },
  ];
  return { type: 'keyValue', rows: rows.filter((r) => r.value !== null && r.value !== ''), labelWidth: 0.28 };
}

/**
 * In a right-to-left cell a grade's sign is a neutral character and goes to the wrong side
 * ("B+" shown as "+B"): Latin values are isolated left to right.
 */
const latin = (rtl: boolean, value: string | null | undefined): string =>
  value == null ? '—' : rtl && !/[\u0600-\u06ff]/.test(value) ? ltr(value) : value;

function courseTable(
  t: CertificateText,
  rtl: boolean,
  courses: CertificateCourseLine[],
  last: 'grade' | 'state',
  summary: string | undefined,
): PdfBlock {
  return {
    type: 'table',
    columns: [
      { header: t.columns.code, width: 1.2 },
      { header: t.columns.course, width: 4 },
      { header: t.columns.hours, width: 0.9, align: 'center' },
      { header: t.columns[last], width: 1.2, align: 'center' },
    ],
    rows: courses.map((c) => [latin(rtl, c.code), c.name, c.hours, latin(rtl, last === 'grade' ? c.grade : c.state)]),
    empty: t.noCourses,
    summary,
  };
}

function transcript(doc: CertificateDocument, t: CertificateText): PdfBlock[] {
  const terms = doc.terms ?? [];
  const blocks: PdfBlock[] = terms.flatMap((term): PdfBlock[] => [
    { type: 'heading', text: term.name },
    courseTable(t, doc.language === 'ar', term.courses, 'grade', term.gpa ? t.termGpa(term.gpa) : undefined),
  ]);
  if (!terms.length) blocks.push({ type: 'paragraph', text: t.noTerms });
  const s = doc.student;
  const totals = [
    { label: t.labels.gpa, value: s.gpa },
    { label: t.labels.earnedHours, value: s.earnedHours },
  ].filter((r) => r.value !== null);
  if (totals.length)
    blocks.push({ type: 'rule', thickness: 0.5 }, { type: 'keyValue', rows: totals, labelWidth: 0.28 });
  return blocks;
}

function studyPlan(doc: CertificateDocument, t: CertificateText): PdfBlock[] {
  const groups = doc.plan ?? [];
  const hours = (courses: CertificateCourseLine[]) => courses.reduce((sum, c) => sum + c.hours, 0);
  const blocks: PdfBlock[] = groups.flatMap((group): PdfBlock[] => [
    { type: 'heading', text: group.name },
    courseTable(
      t,
      doc.language === 'ar',
      group.courses,
      'state',
      group.courses.length ? t.groupHours(hours(group.courses)) : undefined,
    ),
  ]);
  if (!groups.length) blocks.push({ type: 'paragraph', text: t.noCourses });
  else blocks.push({ type: 'paragraph', text: t.planHours(hours(groups.flatMap((g) => g.courses))), bold: true });
  return blocks;
}

/** Signatures and the verification QR code, together at the foot of the last page. */
function closing(doc: CertificateDocument, t: CertificateText, qr: Buffer): PdfBlock {
  const blocks: PdfBlock[] = [{ type: 'spacer', height: 18 }];
  if (doc.signatures.length) {
    blocks.push({
      type: 'signatures',
      items: doc.signatures.map((s) => ({
        title: s.title,
        name: s.name,
        note: s.signedAt ? t.signedOn(s.signedAt) : null,
      })),
    });
  }
  blocks.push(
    { type: 'rule', thickness: 0.5 },
    {
      type: 'image',
      png: qr,
      width: 78,
      beside: [
        { text: t.verifyAt(doc.verification.url), size: 9.5 },
        { text: t.verificationCode(doc.verification.code), bold: true, size: 10 },
      ],
    },
  );
  return { type: 'keepTogether', atBottom: true, blocks };
}
