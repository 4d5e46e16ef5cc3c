import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../../engine/core/file-name.ts';

describe('the file name a download is given by the server (Content-Disposition)', () => {
  it('reads filename="..." and the encoded filename*, which wins (an Arabic or spaced name)', () => {
    expect(fileNameFromDisposition('attachment; filename="CRT-000012.pdf"')).toBe('CRT-000012.pdf');
    expect(fileNameFromDisposition('attachment; filename=Students.xlsx')).toBe('Students.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''${encodeURIComponent('تقرير طبي.pdf')}`)).toBe(
      'تقرير طبي.pdf',
    );
    expect(
      fileNameFromDisposition(`attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير.pdf')}`),
    ).toBe('تقرير.pdf');
    expect(fileNameFromDisposition('attachment; filename="a \\"quoted\\" name.pdf"')).toBe('a "quoted" name.pdf');
  });

  it('keeps only the base name, and gives nothing for no name or a broken one', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeUndefined();
  });
});
