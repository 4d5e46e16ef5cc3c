/**
 * server/documents/pdf.ts: Arabic shaped AND in the right order, read back with poppler's
 * pdftotext (what a user's copy and paste or a search engine sees), and English documents.
 * The first test shows why the renderer exists: pdfkit's own text() gets the order wrong.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layoutParagraph } from '../../server/documents/bidi-text.ts';
import { fontData } from '../../server/documents/fonts.ts';
import { ltr, renderPdf, type PdfDocumentSpec } from '../../server/documents/pdf.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';
const hasPdftotext = fs.existsSync(PDFTOTEXT);

/**
 * pdftotext -layout of the buffer. Poppler wraps each embedded run in bidi marks (LRE ... PDF)
 * and writes the run's separating space on one side only ("في \u202a 3\u202cمقررات"): the marks
 * become spaces, so the check is on words and their order.
 */
function pdfText(buffer: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, buffer);
    return execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e]/g,
      ' ',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
const pageCount = (buffer: Buffer) => (buffer.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

const NAME = 'محمد أحمد عبد الله';
const SENTENCE = 'سجل الطالب 3 مقررات بإجمالي 12 ساعة في نظام Rowaq للعام 2025/2026 الأول';

const arabic = (blocks: PdfDocumentSpec['blocks'], title = 'إفادة تسجيل'): PdfDocumentSpec => ({
  direction: 'rtl',
  language: 'ar',
  title,
  blocks,
});

describe.skipIf(!hasPdftotext)('documents: pdf', () => {
  it('pdfkit alone lays an Arabic sentence out in the wrong order (the reason for bidi-text.ts)', async () => {
    const doc = new PDFDocument();
    doc.registerFont('v', fontData('regular'));
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    doc.font('v').text(SENTENCE, { align: 'right' });
    doc.end();
    await done;
    expect(pdfText(Buffer.concat(chunks))).not.toContain(SENTENCE);
  });

  it('an Arabic name and a sentence mixing digits and a Latin word come back in logical order', async () => {
    const text = pdfText(
      await renderPdf(
        arabic([
          { type: 'paragraph', text: NAME },
          { type: 'paragraph', text: SENTENCE },
        ]),
      ),
    );
    const got = lines(text);
    expect(got).toContain('إفادة تسجيل');
    expect(got).toContain(NAME);
    expect(got).toContain(SENTENCE);
  });

  it('lam-alef and the Allah ligature extract as their letters, not reversed', async () => {
    const text = pdfText(await renderPdf(arabic([{ type: 'paragraph', text: 'الاسم الأول عبد الله لا إله' }])));
    expect(lines(text)).toContain('الاسم الأول عبد الله لا إله');
  });

  it('key/value rows and tables put the first column on the right in Arabic', async () => {
    const buffer = await renderPdf(
      arabic([
        {
          type: 'keyValue',
          rows: [
            { label: 'الاسم', value: NAME },
            { label: 'الرقم الجامعي', value: '20231234' },
          ],
        },
        {
          type: 'table',
          columns: [
            { header: 'الرمز', width: 1 },
            { header: 'المقرر', width: 3 },
            { header: 'الساعات', width: 1 },
          ],
          rows: [
            ['CS101', 'مقدمة في البرمجة', 3],
            ['MA201', 'التفاضل والتكامل', 4],
          ],
        },
      ]),
    );
    const got = lines(pdfText(buffer));
    // -layout keeps cells where they are on the page, each read in logical order: a row
    // prints from its left-most cell, so the first column comes last.
    expect(got).toContain(`${NAME} الاسم`);
    expect(got).toContain('20231234 الرقم الجامعي');
    expect(got).toContain('الساعات المقرر الرمز');
    expect(got).toContain('3 مقدمة في البرمجة CS101');
    expect(got).toContain('4 التفاضل والتكامل MA201');
  });

  it('a long Arabic paragraph wraps into lines that each read in order', async () => {
    const words = Array.from({ length: 60 }, (_, i) =>
      i % 5 === 4 ? String(1000 + i) : ['الطالب', 'سجل', 'مقرر', 'Rowaq', 'في'][i % 5]!,
    );
    const got = lines(pdfText(await renderPdf(arabic([{ type: 'paragraph', text: words.join(' ') }], ''))));
    expect(got.length).toBeGreaterThan(1);
    expect(got.join(' ')).toBe(words.join(' '));
  });

  it('a table longer than a page continues on the next with its header repeated', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`C${i + 1}`, `مقرر رقم ${i + 1}`, 3]);
    const buffer = await renderPdf(
      arabic([
        { type: 'table', columns: [{ header: 'الرمز' }, { header: 'المقرر', width: 3 }, { header: 'الساعات' }], rows },
      ]),
    );
    const got = lines(pdfText(buffer));
    expect(pageCount(buffer)).toBeGreaterThan(1);
    expect(got.filter((l) => l === 'الساعات المقرر الرمز').length).toBe(pageCount(buffer));
    for (const i of [1, 60, 120]) expect(got).toContain(`3 مقرر رقم ${i} C${i}`);
  });

  it('ltr() keeps a hyphenated date in one piece inside Arabic text', async () => {
    const [, isolated, plain] = lines(
      pdfText(
        await renderPdf(
          arabic([
            { type: 'paragraph', text: `تاريخ الطباعة: ${ltr('2026-11-22')} فقط` },
            { type: 'paragraph', text: 'تاريخ الطباعة: 2026-11-22 فقط' },
          ]),
        ),
      ),
    );
    // (poppler moves the colon next to the number when it reads the line back; the page is right)
    expect(isolated).toMatch(/^تاريخ الطباعة:? 2026-11-22 :? ?فقط$/);
    // Without it, the bidi algorithm (as in browsers) reads digits after Arabic letters as Arabic numbers.
    expect(plain).toContain('22-11-2026');
  });

  it('an empty table says so', async () => {
    const got = lines(
      pdfText(
        await renderPdf(
          arabic([{ type: 'table', columns: [{ header: 'المقرر' }], rows: [], empty: 'لا توجد مقررات' }]),
        ),
      ),
    );
    expect(got).toContain('لا توجد مقررات');
  });

  it('English documents read left to right, an Arabic name inside included', async () => {
    const buffer = await renderPdf({
      direction: 'ltr',
      language: 'en',
      title: 'Registration statement',
      blocks: [
        { type: 'paragraph', text: `Student ${NAME} registered 3 courses (12 hours) in term 2025/2026.` },
        { type: 'keyValue', rows: [{ label: 'Student code', value: '20231234' }] },
        {
          type: 'table',
          columns: [{ header: 'Code' }, { header: 'Course', width: 3 }, { header: 'Hours' }],
          rows: [['CS101', 'Introduction to Programming', 3]],
        },
      ],
    });
    const got = lines(pdfText(buffer));
    expect(got).toContain('Registration statement');
    expect(got).toContain(`Student ${NAME} registered 3 courses (12 hours) in term 2025/2026.`);
    expect(got).toContain('Student code 20231234');
    expect(got).toContain('Code Course Hours');
    expect(got).toContain('CS101 Introduction to Programming 3');
  });
});

describe('documents: bidi layout', () => {
  const measure = (t: string) => t.length; // one unit per character

  it('orders runs visually: Arabic words right to left, numbers and Latin left to right', () => {
    const [line] = layoutParagraph('سجل 12 ساعة Rowaq', 100, 'rtl', measure);
    // Left to right on the page: Rowaq, then ساعة, 12, سجل (the first word is on the right).
    expect(line!.pieces.filter((p) => p.text.trim()).map((p) => p.text)).toEqual(['Rowaq', 'ساعة', '12', 'سجل']);
  });

  it('breaks lines before reordering, and never wider than the width', () => {
    const out = layoutParagraph('واحد اثنان ثلاثة أربعة', 12, 'rtl', measure);
    expect(
      out.map((l) =>
        l.pieces
          .filter((p) => p.text.trim())
          .map((p) => p.text)
          .reverse()
          .join(' '),
      ),
    ).toEqual(['واحد اثنان', 'ثلاثة أربعة']);
    for (const l of out) expect(l.width).toBeLessThanOrEqual(12);
  });

  it('cuts a word wider than the line', () => {
    const out = layoutParagraph('abcdefghij', 4, 'ltr', measure);
    expect(out.map((l) => l.pieces.map((p) => p.text).join(''))).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('mirrors brackets in a right-to-left run', () => {
    const [line] = layoutParagraph('(الفصل)', 100, 'rtl', measure);
    expect(line!.pieces.map((p) => p.text)).toEqual([')الفصل(']);
  });
});
