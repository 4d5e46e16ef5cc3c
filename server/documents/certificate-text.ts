/**
 * Every word a certificate prints (certificate-pdf.ts), in English and Arabic: labels, the
 * titles by kind and the formal sentences. The values come from the caller already written in
 * the document's language; here they are only placed in sentences. In Arabic, dates, codes,
 * numbers and the URL are isolated with ltr() so the bidi algorithm keeps them whole.
 */
import type { CertificateDocument, CertificateKindKey } from './certificate-pdf.ts';
import { ltr } from './pdf.ts';

type Student = CertificateDocument['student'];

export interface CertificateText {
  titles: Record<CertificateKindKey, string>;
  reference: (reference: string) => string;
  issuedOn: (date: string) => string;
  copy: (number: number, of: number) => string;
  page: (number: number, of: number) => string;
  labels: {
    name: string;
    code: string;
    nationalId: string;
    nationality: string;
    faculty: string;
    program: string;
    level: string;
    status: string;
    term: string;
    gpa: string;
    earnedHours: string;
    graduatedAt: string;
  };
  columns: { code: string; course: string; hours: string; grade: string; state: string };
  termGpa: (gpa: string) => string;
  groupHours: (hours: number) => string;
  planHours: (hours: number) => string;
  noCourses: string;
  noTerms: string;
  /** The enrolment facts as one sentence (enrolment, to whom it may concern). */
  enrolled: (doc: CertificateDocument) => string;
  graduated: (doc: CertificateDocument) => string;
  provisional: string;
  addressedTo: (to: string) => string;
  greeting: string;
  atRequest: (kind: CertificateKindKey) => string;
  signedOn: (date: string) => string;
  verifyAt: (url: string) => string;
  verificationCode: (code: string) => string;
}

const digits = (value: string) => /^\d+$/.test(value.trim());

/** "student code X, national ID Y, nationality Z": the identifying facts given. */
function identityEn(s: Student): string {
  return [
    `student code ${s.code}`,
    s.nationalId && `national ID ${s.nationalId}`,
    s.nationality && `nationality ${s.nationality}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function identityAr(s: Student): string {
  return [
    `الرقم الجامعي ${ltr(s.code)}`,
    s.nationalId && `الرقم القومي ${ltr(s.nationalId)}`,
    s.nationality && `الجنسية: ${s.nationality}`,
  ]
    .filter(Boolean)
    .join('، ');
}

const en: CertificateText = {
  titles: {
    enrollment: 'Enrolment certificate',
    transcript: 'Transcript',
    graduation: 'Graduation certificate',
    temporary_graduation: 'Provisional graduation certificate',
    to_whom_it_may_concern: 'To whom it may concern',
    study_plan: 'Study plan',
  },
  reference: (r) => `Reference: ${r}`,
  issuedOn: (d) => `Issued on ${d}`,
  copy: (n, of) => `Copy ${n} of ${of}`,
  page: (n, of) => `Page ${n} of ${of}`,
  labels: {
    name: 'Student name',
    code: 'Student code',
    nationalId: 'National ID',
    nationality: 'Nationality',
    faculty: 'Faculty',
    program: 'Program',
    level: 'Level',
    status: 'Status',
    term: 'Term',
    gpa: 'Cumulative GPA',
    earnedHours: 'Earned hours',
    graduatedAt: 'Graduation date',
  },
  columns: { code: 'Code', course: 'Course', hours: 'Hours', grade: 'Grade', state: 'State' },
  termGpa: (gpa) => `Term GPA: ${gpa}`,
  groupHours: (h) => `Hours: ${h}`,
  planHours: (h) => `Total hours of the plan: ${h}`,
  noCourses: 'No courses',
  noTerms: 'No terms recorded.',
  enrolled: ({ university, student: s, term }) => {
    const level = s.level ? (digits(s.level) ? `, at level ${s.level}` : `, at ${s.level}`) : '';
    return `${university} certifies that the student ${s.name}, ${identityEn(s)}, is enrolled in the ${s.program} program of the ${s.faculty}${level}${term ? `, for the term ${term}` : ''}.`;
  },
  graduated: ({ university, student: s }) => {
    const results = [
      s.gpa && `a cumulative GPA of ${s.gpa}`,
      s.earnedHours !== null && `${s.earnedHours} earned credit hours`,
    ]
      .filter(Boolean)
      .join(' and ');
    return (
      `${university} certifies that ${s.name}, ${identityEn(s)}, has completed the requirements of the ${s.program} program of the ${s.faculty}` +
      `${s.graduatedAt ? ` and graduated on ${s.graduatedAt}` : ''}${results ? `, with ${results}` : ''}.`
    );
  },
  provisional: 'This provisional certificate is valid until the graduation certificate is issued.',
  addressedTo: (to) => `To: ${to}`,
  greeting: 'Dear Sir or Madam,',
  atRequest: () => "This certificate was issued at the student's request.",
  signedOn: (d) => `Signed on ${d}`,
  verifyAt: (url) => `Verify this certificate at ${url}`,
  verificationCode: (code) => `Verification code: ${code}`,
};

const ar: CertificateText = {
  titles: {
    enrollment: 'شهادة قيد',
    transcript: 'بيان درجات',
    graduation: 'شهادة تخرج',
    temporary_graduation: 'شهادة تخرج مؤقتة',
    to_whom_it_may_concern: 'إفادة لمن يهمه الأمر',
    study_plan: 'الخطة الدراسية',
  },
  reference: (r) => `المرجع: ${ltr(r)}`,
  issuedOn: (d) => `تاريخ الإصدار: ${ltr(d)}`,
  copy: (n, of) => `نسخة ${n} من ${of}`,
  page: (n, of) => `صفحة ${n} من ${of}`,
  labels: {
    name: 'اسم الطالب',
    code: 'الرقم الجامعي',
    nationalId: 'الرقم القومي',
    nationality: 'الجنسية',
    faculty: 'الكلية',
    program: 'البرنامج',
    level: 'المستوى',
    status: 'الحالة',
    term: 'الفصل الدراسي',
    gpa: 'المعدل التراكمي',
    earnedHours: 'الساعات المكتسبة',
    graduatedAt: 'تاريخ التخرج',
  },
  columns: { code: 'الرمز', course: 'المقرر', hours: 'الساعات', grade: 'التقدير', state: 'الحالة' },
  termGpa: (gpa) => `المعدل الفصلي: ${ltr(gpa)}`,
  groupHours: (h) => `الساعات: ${h}`,
  planHours: (h) => `إجمالي ساعات الخطة: ${h}`,
  noCourses: 'لا توجد مقررات',
  noTerms: 'لا توجد فصول دراسية مسجلة.',
  enrolled: ({ university, student: s, term }) => {
    const level = s.level ? (digits(s.level) ? `، بالمستوى ${s.level}` : `، ${s.level}`) : '';
    return `تشهد ${university} بأن الطالب/ ${s.name}، ${identityAr(s)}، مقيد ببرنامج ${s.program} في ${s.faculty}${level}${term ? `، وذلك في ${term}` : ''}.`;
  },
  graduated: ({ university, student: s }) => {
    const results = [
      s.gpa && `بمعدل تراكمي ${ltr(s.gpa)}`,
      s.earnedHours !== null && `وعدد ساعات معتمدة مكتسبة قدره ${s.earnedHours} ساعة`,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      `تشهد ${university} بأن الطالب/ ${s.name}، ${identityAr(s)}، قد أتم متطلبات برنامج ${s.program} في ${s.faculty}` +
      `${s.graduatedAt ? ` وتخرج بتاريخ ${ltr(s.graduatedAt)}` : ''}${results ? `، ${results}` : ''}.`
    );
  },
  provisional: 'وتعد هذه الشهادة مؤقتة لحين استخراج شهادة التخرج.',
  addressedTo: (to) => `السادة/ ${to}`,
  greeting: 'تحية طيبة وبعد،',
  atRequest: (kind) => `صدرت هذه ${kind === 'to_whom_it_may_concern' ? 'الإفادة' : 'الشهادة'} بناء على طلب الطالب.`,
  signedOn: (d) => `تم التوقيع في ${ltr(d)}`,
  verifyAt: (url) => `تحقق من صحة هذه الشهادة على ${ltr(url)}`,
  verificationCode: (code) => `رمز التحقق: ${ltr(code)}`,
};

export const CERTIFICATE_TEXT: Record<'en' | 'ar', CertificateText> = { en, ar };
