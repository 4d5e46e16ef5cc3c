/** The students recorded in a session, latest first. */
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SessionDetails } from './attendance-api.ts';
import { formatTime } from '../../core/dates.ts';

export function RecordsTable({ records, lang }: { records: SessionDetails['records']; lang: string }) {
  const { t } = useTranslation();
  if (!records.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('attendance.none_yet')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="attendance-records">
      <TableHead>
        <TableRow>
          <TableCell>{t('attendance.student_code')}</TableCell>
          <TableCell>{t('attendance.student_name')}</TableCell>
          <TableCell>{t('attendance.scanned_at')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((r) => (
          <TableRow key={r.student_id}>
            <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
              {r.code}
            </TableCell>
            <TableCell>{lang === 'ar' && r.name_local ? r.name_local : r.name}</TableCell>
            {/* with seconds: scans of one lecture come seconds apart, and the list is in their order */}
            <TableCell>{formatTime(r.scanned_at, lang, { seconds: true })}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
