/**
 * server/documents/certificate-pdf.ts: every kind of certificate in English and Arabic, read
 * back with poppler (title, name, reference, course rows, the verification URL) and its QR
 * code decoded from the rendered page; an eight-term transcript over several pages.
 * To look at them: npx tsx tests/server/helpers/certificate-documents.ts /tmp/certificate-pdf
 */
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, type CertificateKindKey } from '../../server/documents/certificate-pdf.ts';
import { certificate, KINDS, LONG_TERMS, STUDENT_NAME, VERIFICATION } from './helpers/certificate-documents.ts';
import { hasPoppler, pageCount, pdfPages, qrOnPage } from './helpers/pdf-tools.ts';

// Written out here (not read from certificate-text.ts) so a wrong word fails.
const TITLES: Record<'en' | 'ar', Record<CertificateKindKey, string>> = {
  en: {
    enrollment: 'Enrolment certificate',
    transcript: 'Transcript',
    graduation: 'Graduation certificate',
    temporary_graduation: 'Provisional graduation certificate',
    to_whom_it_may_concern: 'To whom it may concern',
    study_plan: 'Study plan',
  },
  ar: {
    enrollment: 'شهادة قيد',
    transcript: 'بيان درجات',
    graduation: 'شهادة تخرج',
    temporary_graduation: 'شهادة تخرج مؤقتة',
    to_whom_it_may_concern: 'إفادة لمن يهمه الأمر',
    study_plan: 'الخطة الدراسية',
  },
};
const COPY = { en: 'Copy 1 of 2', ar: 'نسخة 1 من 2' };
const VERIFY = { en: `Verify this certificate at ${VERIFICATION.url}`, ar: 'تحقق من صحة هذه الشهادة على' };
const HEADER = { en: 'Code Course Hours Grade', ar: 'التقدير الساعات المقرر الرمز' };
const PLAN_HEADER = { en: 'Code Course Hours State', ar: 'الحالة الساعات المقرر الرمز' };
const SIGNED = { en: 'Signed on 2026-03-12', ar: 'تم التوقيع في 2026-03-12' };

type Line = { code: string; name: string; hours: number; grade: string | null; state?: string | null };
/** A table row as pdftotext -layout prints it: left to right on the page, so reversed in Arabic. */
function row(language: 'en' | 'ar', c: Line, last: string): string {
  const cells = [c.code, c.name, String(c.hours), last];
  return (language === 'ar' ? cells.reverse() : cells).join(' ');
}

describe.skipIf(!hasPoppler)('certificate pdf', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const kind of KINDS) {
      it(`${kind} in ${language}: title, student, reference, body and a QR code with the verification URL`, async () => {
        const doc = certificate(kind, language);
        const pdf = await renderCertificatePdf(doc);
        const pages = pdfPages(pdf);
        const all = pages.flat();
        const flat = all.join(' ');
        expect(all).toContain(TITLES[language][kind]);
        expect(flat).toContain(STUDENT_NAME[language]);
        expect(flat).toContain('CRT-000123');
        expect(flat).toContain(COPY[language]);
        expect(flat).toContain(VERIFY[language]);
        expect(flat).toContain(VERIFICATION.url);
        expect(flat).toContain(VERIFICATION.code);
        expect(flat).toContain(SIGNED[language]);
        expect(flat).toContain(language === 'en' ? 'Prof. Khaled Mostafa' : 'خالد مصطفى');
        if (kind === 'transcript') {
          for (const term of doc.terms!) {
            expect(all).toContain(term.name);
            for (const c of term.courses) expect(all).toContain(row(language, c, c.grade!));
          }
          expect(all.filter((l) => l === HEADER[language]).length).toBeGreaterThanOrEqual(doc.terms!.length);
        }
        if (kind === 'study_plan') {
          for (const group of doc.plan!) {
            expect(all).toContain(group.name);
            // (poppler reads a mark such as the tanween of متبقٍ onto a line of its own: the page is right)
            for (const c of group.courses) {
              if (/[\u064b-\u0652]/.test(c.state!))
                expect(all.some((l) => l.endsWith(row(language, c, '').trim()))).toBe(true);
              else expect(all).toContain(row(language, c, c.state!));
            }
          }
          expect(all).toContain(PLAN_HEADER[language]);
        }
        if (kind === 'enrollment' || kind === 'to_whom_it_may_concern') {
          expect(flat).toContain(
            language === 'en'
              ? 'is enrolled in the Computer Science program of the Faculty of Computers and Information'
              : 'مقيد ببرنامج علوم الحاسب في كلية الحاسبات والمعلومات',
          );
          // (poppler moves the sentence's final stop next to the number when it reads the line back)
          expect(flat).toMatch(
            language === 'en' ? /for the term Spring 2025\/2026\./ : /وذلك في الفصل الثاني \.?2025\/2026/,
          );
          expect(flat).toContain('30105120101234');
        }
        if (kind === 'to_whom_it_may_concern') {
          expect(flat).toContain(doc.addressedTo!);
          expect(flat).toContain(
            language === 'en'
              ? "This certificate was issued at the student's request."
              : 'صدرت هذه الإفادة بناء على طلب الطالب',
          );
        }
        if (kind === 'graduation' || kind === 'temporary_graduation') {
          expect(flat).toContain(language === 'en' ? 'graduated on 2026-02-10' : 'وتخرج بتاريخ');
          expect(flat).toContain('3.42');
          // The date inside the Arabic sentence is isolated: never read as 10-02-2026.
          expect(flat).not.toContain('10-02-2026');
        }
        expect(flat.includes(language === 'en' ? 'provisional certificate' : 'مؤقتة لحين')).toBe(
          kind === 'temporary_graduation',
        );
        expect(qrOnPage(pdf, pages.length)).toBe(VERIFICATION.url);
      });
    }
  }

  for (const language of ['en', 'ar'] as const) {
    it(`an eight-term transcript in ${language} runs over pages: each page's rows under a header, QR code and signatures at the end`, async () => {
      const doc = certificate('transcript', language, { terms: LONG_TERMS(language) });
      const pdf = await renderCertificatePdf(doc);
      const pages = pdfPages(pdf);
      const count = pageCount(pdf);
      expect(count).toBeGreaterThan(1);
      expect(pages.length).toBe(count);
      const rows = doc.terms!.flatMap((t) => t.courses.map((c) => row(language, c, c.grade!)));
      const all = pages.flat();
      for (const r of rows) expect(all.filter((l) => l === r).length).toBe(1);
      for (const t of doc.terms!)
        expect(
          all.some((l) => l.includes(t.gpa!) && l.includes(language === 'en' ? 'Term GPA' : 'المعدل الفصلي')),
        ).toBe(true);
      // A page that continues a table starts it with the header again.
      let continued = 0;
      pages.forEach((lines, i) => {
        const firstRow = lines.findIndex((l) => rows.includes(l));
        if (firstRow < 0) return;
        const header = lines.indexOf(HEADER[language]);
        expect(header, `page ${i + 1}`).toBeGreaterThanOrEqual(0);
        expect(header, `page ${i + 1}`).toBeLessThan(firstRow);
        if (i > 0 && !doc.terms!.some((t) => lines.slice(0, header).includes(t.name))) continued++;
      });
      expect(continued).toBeGreaterThan(0); // the fixture does split a table
      expect(pages.at(-1)!.join(' ')).toContain(SIGNED[language]);
      for (const p of pages.slice(0, -1)) expect(p.join(' ')).not.toContain(VERIFICATION.url);
      expect(qrOnPage(pdf, count)).toBe(VERIFICATION.url);
      expect(qrOnPage(pdf, 1)).toBeNull();
      for (let n = 1; n <= count; n++) {
        expect(pages[n - 1]!.join(' ')).toContain(
          language === 'en' ? `Page ${n} of ${count}` : `صفحة ${n} من ${count}`,
        );
      }
    });
  }

  it('leaves out what is not given: no national ID, no signatures, no terms', async () => {
    const doc = certificate('transcript', 'en', { terms: [], signatures: [] });
    doc.student = { ...doc.student, nationalId: null, gpa: null };
    const pdf = await renderCertificatePdf(doc);
    const flat = pdfPages(pdf).flat().join(' ');
    expect(flat).not.toContain('National ID');
    expect(flat).not.toContain('Cumulative GPA');
    expect(flat).toContain('No terms recorded.');
    expect(flat).not.toContain('Signed on');
    expect(qrOnPage(pdf, pageCount(pdf))).toBe(VERIFICATION.url);
  });
});
