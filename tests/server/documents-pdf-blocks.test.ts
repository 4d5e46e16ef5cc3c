/**
 * server/documents/pdf.ts, the blocks added for certificates: image (with text beside it),
 * columns, signatures, table summary, keepTogether (and atBottom), page frame and footer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfBlock, type PdfDocumentSpec } from '../../server/documents/pdf.ts';
import { hasPoppler, pageCount, pdfPages, qrOnPage, wordBoxes } from './helpers/pdf-tools.ts';

const A4_HEIGHT = 841.89;
const MARGIN = 48;
/** Height of a table row of one line at the default size: (10.5 - 1) * 1.55 + 2 * 4. */
const ROW = 9.5 * 1.55 + 8;

const arabic = (blocks: PdfBlock[], extra: Partial<PdfDocumentSpec> = {}): PdfDocumentSpec => ({
  direction: 'rtl',
  language: 'ar',
  blocks,
  ...extra,
});
const english = (blocks: PdfBlock[], extra: Partial<PdfDocumentSpec> = {}): PdfDocumentSpec => ({
  direction: 'ltr',
  language: 'en',
  blocks,
  ...extra,
});

describe.skipIf(!hasPoppler)('documents: pdf blocks', () => {
  it('an image block draws the PNG (a QR code readable at 150 dpi) with its lines beside it', async () => {
    const png = await QRCode.toBuffer('https://example.org/v/ABC-123', { type: 'png', margin: 1, scale: 8 });
    const pdf = await renderPdf(
      arabic([
        { type: 'image', png, width: 80, beside: [{ text: 'تحقق من الشهادة' }, { text: 'الرمز ABC-123', bold: true }] },
      ]),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-img-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.pdf'), pdf);
      const list = execFileSync('/usr/bin/pdfimages', ['-list', path.join(dir, 'a.pdf')], { encoding: 'utf8' });
      // (a PNG with transparency is listed twice: the image and its soft mask)
      expect(
        list
          .trim()
          .split('\n')
          .slice(2)
          .filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l)).length,
      ).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(qrOnPage(pdf, 1)).toBe('https://example.org/v/ABC-123');
    const got = pdfPages(pdf)[0]!;
    expect(got).toContain('تحقق من الشهادة');
    expect(got.join(' ')).toContain('ABC-123');
  });

  it('an image block refuses what is not a PNG', async () => {
    await expect(
      renderPdf(english([{ type: 'image', png: Buffer.from('GIF89a not a png at all'), width: 50 }])),
    ).rejects.toThrow(/not a PNG/);
  });

  it('columns and signatures put the first item on the right in Arabic, on the left in English', async () => {
    const blocks: PdfBlock[] = [
      { type: 'columns', cells: [{ text: 'أول' }, { text: 'ثان' }, { text: 'ثالث' }] },
      {
        type: 'signatures',
        items: [
          { title: 'شؤون الطلاب', name: 'سارة' },
          { title: 'العميد', note: 'تم التوقيع' },
        ],
      },
    ];
    const ar = pdfPages(await renderPdf(arabic(blocks)))[0]!;
    expect(ar).toContain('ثالث ثان أول');
    expect(ar).toContain('العميد شؤون الطلاب');
    expect(ar).toContain('تم التوقيع سارة');
    const en = pdfPages(
      await renderPdf(
        english([
          { type: 'columns', cells: [{ text: 'one' }, { text: 'two', width: 2 }] },
          { type: 'signatures', items: [{ title: 'Registrar' }, { title: 'Dean', name: 'K. Mostafa' }] },
        ]),
      ),
    )[0]!;
    expect(en).toContain('one two');
    expect(en).toContain('Registrar Dean');
  });

  it("a table's summary never starts a page alone: the last row moves with it", async () => {
    // The spacer leaves room for the header and both rows (3 rows) but not for the summary too.
    const room = A4_HEIGHT - 2 * MARGIN;
    const blocks: PdfBlock[] = [
      { type: 'spacer', height: room - 3.5 * ROW },
      {
        type: 'table',
        columns: [{ header: 'Code' }, { header: 'Course', width: 3 }],
        rows: [
          ['CS101', 'Programming'],
          ['CS102', 'Algorithms'],
        ],
        summary: 'Term GPA: 3.50',
      },
    ];
    const pages = pdfPages(await renderPdf(english(blocks)));
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain('CS101 Programming');
    expect(pages[1]).toEqual(['Code Course', 'CS102 Algorithms', 'Term GPA: 3.50']);
  });

  it('keepTogether moves its blocks to the next page together; atBottom puts them at the foot of the page', async () => {
    const room = A4_HEIGHT - 2 * MARGIN;
    const group: PdfBlock[] = [
      { type: 'paragraph', text: 'first of the group' },
      { type: 'paragraph', text: 'second of the group' },
    ];
    const split = pdfPages(await renderPdf(english([{ type: 'spacer', height: room - 25 }, ...group])));
    expect(split[0]).toContain('first of the group');
    const kept = pdfPages(
      await renderPdf(
        english([
          { type: 'spacer', height: room - 25 },
          { type: 'keepTogether', blocks: group },
        ]),
      ),
    );
    expect(kept[0] ?? []).not.toContain('first of the group');
    expect(kept[1]).toEqual(['first of the group', 'second of the group']);

    const bottom = wordBoxes(
      await renderPdf(
        english([
          { type: 'paragraph', text: 'top' },
          { type: 'keepTogether', atBottom: true, blocks: [{ type: 'paragraph', text: 'foot' }] },
        ]),
      ),
    );
    const foot = bottom.find((w) => w.word === 'foot')!;
    expect(foot.page).toBe(1);
    expect(foot.yMin).toBeGreaterThan(A4_HEIGHT - MARGIN - 30);
  });

  it('the footer numbers every page and the frame leaves the text alone', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`C${i + 1}`, `Course ${i + 1}`]);
    const pdf = await renderPdf(
      english([{ type: 'table', columns: [{ header: 'Code' }, { header: 'Course' }], rows }], {
        frame: true,
        margin: 58,
        footer: (n, of) => `REF-1 Page ${n} of ${of}`,
      }),
    );
    const pages = pdfPages(pdf);
    const count = pageCount(pdf);
    expect(count).toBeGreaterThan(1);
    pages.forEach((lines, i) => expect(lines.at(-1)).toBe(`REF-1 Page ${i + 1} of ${count}`));
    for (const i of [1, 45, 90]) expect(pages.flat()).toContain(`C${i} Course ${i}`);
  });
});
