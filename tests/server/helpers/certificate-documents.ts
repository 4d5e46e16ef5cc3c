/**
 * Realistic certificate documents (server/documents/certificate-pdf.ts) in English and Arabic,
 * as the certificates domain would fill them: the tests' fixtures, and what
 * `npx tsx tests/server/helpers/certificate-documents.ts DIR` renders to PDF and PNG to look at.
 */
import type {
  CertificateCourseLine,
  CertificateDocument,
  CertificateKindKey,
} from '../../../server/documents/certificate-pdf.ts';

export const KINDS: CertificateKindKey[] = [
  'enrollment',
  'transcript',
  'graduation',
  'temporary_graduation',
  'to_whom_it_may_concern',
  'study_plan',
];

export const STUDENT_NAME = { en: 'Mohamed Ahmed Abdallah', ar: 'محمد أحمد عبد الله' } as const;
export const VERIFICATION = {
  code: 'K7Q2-M9XD-4P',
  url: 'https://portal.rowaq.edu.eg/certificates/external/K7Q2-M9XD-4P',
};

const COURSES: Record<'en' | 'ar', Array<[string, string]>> = {
  en: [
    ['CS101', 'Introduction to Programming'],
    ['MA101', 'Calculus I'],
    ['PH101', 'Physics I'],
    ['EN101', 'English Language I'],
    ['CS102', 'Object-Oriented Programming'],
    ['MA102', 'Calculus II'],
    ['CS201', 'Data Structures'],
    ['CS202', 'Computer Organisation'],
    ['MA201', 'Linear Algebra'],
    ['ST201', 'Probability and Statistics'],
    ['CS301', 'Algorithms'],
    ['CS302', 'Operating Systems'],
    ['CS303', 'Database Systems'],
    ['CS304', 'Computer Networks'],
    ['CS401', 'Software Engineering'],
    ['CS402', 'Artificial Intelligence'],
  ],
  ar: [
    ['CS101', 'مقدمة في البرمجة'],
    ['MA101', 'التفاضل والتكامل 1'],
    ['PH101', 'الفيزياء العامة 1'],
    ['EN101', 'اللغة الإنجليزية 1'],
    ['CS102', 'البرمجة الشيئية'],
    ['MA102', 'التفاضل والتكامل 2'],
    ['CS201', 'هياكل البيانات'],
    ['CS202', 'تنظيم الحاسب'],
    ['MA201', 'الجبر الخطي'],
    ['ST201', 'الاحتمالات والإحصاء'],
    ['CS301', 'الخوارزميات'],
    ['CS302', 'نظم التشغيل'],
    ['CS303', 'نظم قواعد البيانات'],
    ['CS304', 'شبكات الحاسب'],
    ['CS401', 'هندسة البرمجيات'],
    ['CS402', 'الذكاء الاصطناعي'],
  ],
};
const GRADES = ['A', 'B+', 'A-', 'B', 'C+', 'A', 'B-'];

/** `count` distinct courses: code and name from the list above, numbered past its end. */
export function courses(language: 'en' | 'ar', from: number, count: number, grade = true): CertificateCourseLine[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const [code, name] = COURSES[language][n % COURSES[language].length]!;
    const round = Math.floor(n / COURSES[language].length);
    return {
      code: round ? `${code.slice(0, 2)}${5 + round}${code.slice(3)}` : code,
      name: round ? (language === 'en' ? `${name}, part ${round + 1}` : `${name} الجزء ${round + 1}`) : name,
      hours: n % 4 === 3 ? 2 : 3,
      grade: grade ? GRADES[n % GRADES.length]! : null,
    };
  });
}

const TERM_NAMES = {
  en: (year: number, fall: boolean) => `${fall ? 'Fall' : 'Spring'} ${year}/${year + 1}`,
  ar: (year: number, fall: boolean) => `${fall ? 'الفصل الأول' : 'الفصل الثاني'} ${year}/${year + 1}`,
};

/** `count` terms of `perTerm(i)` courses each (a number: the same for all). */
export function terms(
  language: 'en' | 'ar',
  count: number,
  perTerm: number | ((term: number) => number) = 6,
): NonNullable<CertificateDocument['terms']> {
  const size = typeof perTerm === 'number' ? () => perTerm : perTerm;
  let from = 0;
  return Array.from({ length: count }, (_, i) => {
    const list = courses(language, from, size(i));
    from += size(i);
    return {
      name: TERM_NAMES[language](2022 + Math.floor(i / 2), i % 2 === 0),
      gpa: (3 + ((i * 37) % 90) / 100).toFixed(2),
      courses: list,
    };
  });
}

/** Eight terms of 5 to 9 courses: about three pages, with tables cut by page breaks. */
export const LONG_TERMS = (language: 'en' | 'ar') => terms(language, 8, (i) => 5 + ((i * 3) % 5));

export function certificate(
  kind: CertificateKindKey,
  language: 'en' | 'ar',
  overrides: Partial<CertificateDocument> = {},
): CertificateDocument {
  const en = language === 'en';
  const states = en ? ['Passed', 'Passed', 'Registered', 'Remaining'] : ['ناجح', 'ناجح', 'مسجل', 'متبقٍ'];
  return {
    language,
    kind,
    university: en ? 'Rowaq National University' : 'جامعة رواق الأهلية',
    reference: 'CRT-000123',
    copy: { number: 1, of: 2 },
    issuedAt: '2026-03-14',
    verification: VERIFICATION,
    student: {
      name: STUDENT_NAME[language],
      code: '20231234',
      nationalId: '30105120101234',
      nationality: en ? 'Egyptian' : 'مصري',
      faculty: en ? 'Faculty of Computers and Information' : 'كلية الحاسبات والمعلومات',
      program: en ? 'Computer Science' : 'علوم الحاسب',
      level: '3',
      status: en ? 'Regular' : 'منتظم',
      gpa: '3.42',
      earnedHours: 96,
      enrolledAt: '2022-09-18',
      graduatedAt: kind === 'graduation' || kind === 'temporary_graduation' ? '2026-02-10' : null,
    },
    term: en ? 'Spring 2025/2026' : 'الفصل الثاني 2025/2026',
    addressedTo:
      kind === 'to_whom_it_may_concern'
        ? en
          ? 'The Embassy of the Federal Republic of Germany, Cairo'
          : 'سفارة جمهورية ألمانيا الاتحادية بالقاهرة'
        : null,
    terms: kind === 'transcript' ? terms(language, 2) : undefined,
    plan:
      kind === 'study_plan'
        ? [1, 2, 3].map((level) => ({
            name: en ? `Level ${level}` : `المستوى ${level}`,
            courses: courses(language, (level - 1) * 5, 5, false).map((c, i) => ({
              ...c,
              state: states[Math.min(3, level - 1 + (i % 2))]!,
            })),
          }))
        : undefined,
    signatures: [
      { title: en ? 'Student affairs' : 'شؤون الطلاب', name: en ? 'Sara Hassan' : 'سارة حسن', signedAt: '2026-03-12' },
      { title: en ? 'Faculty secretary' : 'أمين الكلية', name: null, signedAt: '2026-03-13' },
      { title: en ? 'Dean' : 'عميد الكلية', name: en ? 'Prof. Khaled Mostafa' : 'أ.د. خالد مصطفى', signedAt: null },
    ],
    ...overrides,
  };
}

// Renders every kind in both languages (and an 8-term transcript) to DIR as PDF and PNG pages.
if (process.argv[1]?.endsWith('certificate-documents.ts') && process.argv[2]) {
  const { renderCertificatePdf } = await import('../../../server/documents/certificate-pdf.ts');
  const { execFileSync } = await import('node:child_process');
  const fs = await import('node:fs');
  const dir = process.argv[2];
  fs.mkdirSync(dir, { recursive: true });
  const docs: Array<[string, CertificateDocument]> = [];
  for (const language of ['en', 'ar'] as const) {
    for (const kind of KINDS) docs.push([`${kind}-${language}`, certificate(kind, language)]);
    docs.push([`transcript-8-terms-${language}`, certificate('transcript', language, { terms: LONG_TERMS(language) })]);
  }
  for (const [name, doc] of docs) {
    const file = `${dir}/${name}.pdf`;
    fs.writeFileSync(file, await renderCertificatePdf(doc));
    execFileSync('/usr/bin/pdftoppm', ['-r', '80', '-png', file, `${dir}/${name}`]);
  }
  console.log(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .join('\n'),
  );
}
