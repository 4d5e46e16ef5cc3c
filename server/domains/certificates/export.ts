/**
 * POST /certificates/export: the staff list (/certificates) as .xlsx, with the list's filters,
 * search and sort (the same body the list sends), in the caller's language. The rows are the
 * generic list's (listRows: scope, filters and search as on screen), read page by page; the
 * columns are the list screen's own (screens/services/certificates.screen.yaml), so the file
 * shows what the page shows.
 */
import type { Manifest, ScreenColumn } from '../../../generator/manifest-types.ts';
import { writeXlsx, type SheetColumn } from '../../documents/xlsx.ts';
import { listRows, type ResourceContext } from '../../resources/operations.ts';
import { REQUESTS } from './store.ts';

const LIST_SCREEN = 'certificates';
/** More rows than this are not one file a person reads: the export stops there. */
const MAX_ROWS = 50_000;
const PAGE = 100;

type Lang = 'en' | 'ar';
type Row = Record<string, unknown>;

/** The sheet column and the cell value of one list column. */
function column(m: Manifest, c: ScreenColumn, lang: Lang): { sheet: SheetColumn; value: (row: Row) => unknown } {
  const header = c.label[lang] || c.label.en;
  const type = m.entities[REQUESTS]?.fields[c.field]?.type;
  if (c.badge) {
    const statuses = m.statusTables[c.badge]?.statuses ?? [];
    return {
      sheet: { header },
      value: (row) => {
        const s = statuses.find((x) => x.id === Number(row[c.field]));
        return s ? (lang === 'ar' ? s.name_local : s.name) : row[c.field];
      },
    };
  }
  // the student's name as the caller reads it (the list shows the same field)
  if (c.field === 'student_name')
    return {
      sheet: { header },
      value: (row) => (lang === 'ar' && row.student_name_local ? row.student_name_local : row.student_name),
    };
  if (type === 'boolean')
    return {
      sheet: { header },
      value: (row) =>
        row[c.field] == null ? null : row[c.field] ? (lang === 'ar' ? 'نعم' : 'Yes') : lang === 'ar' ? 'لا' : 'No',
    };
  if (c.format === 'date' || c.format === 'datetime')
    return { sheet: { header, type: c.format }, value: (row) => row[c.field] };
  if (c.format === 'money')
    return {
      sheet: { header, type: 'number', format: '#,##0.00' },
      value: (row) => (row[c.field] == null ? null : Number(row[c.field])),
    };
  if (type === 'integer' || type === 'number' || type === 'money')
    return { sheet: { header, type: 'number' }, value: (row) => (row[c.field] == null ? null : Number(row[c.field])) };
  return { sheet: { header }, value: (row) => row[c.field] };
}

export async function exportRequests(ctx: ResourceContext, body: unknown, lang: Lang): Promise<Buffer> {
  const m = ctx.manifest;
  const entity = m.entities[REQUESTS]!;
  const columns = (m.screens[LIST_SCREEN]?.columns ?? []).map((c) => column(m, c, lang));
  const query = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : {};
  const rows: Row[] = [];
  for (let page = 1; rows.length < MAX_ROWS; page += 1) {
    const { data } = await listRows(ctx, entity, { ...query, page, perPage: PAGE });
    rows.push(...data);
    if (data.length < PAGE) break;
  }
  const xlsx = writeXlsx({
    rtl: lang === 'ar',
    sheets: [
      {
        name: lang === 'ar' ? 'طلبات الشهادات' : 'Certificate requests',
        columns: columns.map((c) => c.sheet),
        rows: rows.map((r) => columns.map((c) => c.value(r))),
      },
    ],
  });
  return xlsx;
}
