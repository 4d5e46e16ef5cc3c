/**
 * Downloads the student's registration report, GET /registrations/students/export-registration/
 * {student_id}/{lang} (student_registrations.pdf; the exports domain makes it), in the page's language.
 */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLanguage } from '../../i18n/hooks.ts';
import { useText } from './texts.ts';

export const PDF_FILE = 'student_registrations.pdf';

export function registrationPdfPath(studentId: number, language: string): string {
  return `/registrations/students/export-registration/${studentId}/${language === 'ar' ? 'ar' : 'en'}`;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PdfButton({ studentId }: { studentId: number | undefined }) {
  const api = useApi();
  const language = useLanguage();
  const t = useText();
  const [working, setWorking] = useState(false);
  const download = async () => {
    if (studentId === undefined) return;
    setWorking(true);
    try {
      const blob = await api.get<Blob>(registrationPdfPath(studentId, language), { responseType: 'blob' });
      saveBlob(blob, PDF_FILE);
    } catch {
      // the API client has shown the error toast
    } finally {
      setWorking(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void download()}
      disabled={studentId === undefined || working}
      data-testid="registration-pdf"
    >
      {t('exportPdf')}
    </Button>
  );
}
