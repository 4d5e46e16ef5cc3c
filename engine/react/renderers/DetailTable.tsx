/**
 * A detail column with `table:` (docs/language.md, kind: screen): the record's list (its
 * `history`, say) as a small table across the page, each item's fields in the table's own
 * columns, with their formats and badges. An empty list says so in one short line.
 */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ScreenColumnTable } from '../../../generator/manifest-types.ts';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../i18n/hooks.ts';
import { IsolatedValue, StatusCell } from './cells.tsx';
import { cellText } from './cell-text.ts';

type Item = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The list held by the record's field: only its object items (anything else is not a row). */
export function tableItems(value: unknown): Item[] {
  return Array.isArray(value) ? value.filter((v): v is Item => !!v && typeof v === 'object' && !Array.isArray(v)) : [];
}

export function DetailTable({ table, value, caption }: { table: ScreenColumnTable; value: unknown; caption: string }) {
  const manifest = useManifest();
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const paidOf = (values: { paid: string; total: string }) => ui('paidOf', values);
  const items = tableItems(value);
  if (!items.length) {
    return <Typography color="text.secondary">{table.empty ? label(table.empty) : ui('nothingYet')}</Typography>;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {table.columns.map((c) => (
              <TableCell key={c.field} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {label(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={i}>
              {table.columns.map((c) => {
                const status = c.badge ? manifest.statusTables[c.badge] : undefined;
                const v = item[c.field];
                return (
                  <TableCell key={c.field}>
                    {isEmpty(v) ? (
                      '—'
                    ) : status ? (
                      <StatusCell table={status} value={v} format={c.format} language={language} />
                    ) : (
                      // a date, a number or a Latin name keeps its own order in Arabic
                      <IsolatedValue text={cellText(item, c.field, c.format, undefined, language, paidOf)} />
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
