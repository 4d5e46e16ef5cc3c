/**
 * Columns of every grid type and rows with English and Arabic text, for the grid's stories and
 * its quick performance check. Deterministic: row i is always the same.
 */
import type { GridColumn, GridRow, RowValidator } from '../../engine/plugins/grid/model/types.ts';

export const STORY_COLUMNS: GridColumn[] = [
  { name: 'code', label: { en: 'Code', ar: 'الرمز' }, keyField: true, sticky: true, readonly: true, width: 90 },
  {
    name: 'name',
    label: { en: 'Name', ar: 'الاسم' },
    sticky: true,
    mandatory: true,
    mandatoryMessage: { en: 'Name is required', ar: 'الاسم مطلوب' },
    lengthLimit: 60,
  },
  { name: 'name_local', label: { en: 'Arabic name', ar: 'الاسم بالعربية' } },
  { name: 'fees', label: { en: 'Fees', ar: 'الرسوم' }, type: 'number', summary: 'sum' },
  {
    name: 'gpa',
    label: { en: 'GPA', ar: 'المعدل' },
    type: 'number',
    summary: 'avg',
    validate: (v) =>
      typeof v === 'number' && (v < 0 || v > 4) ? { en: 'GPA is 0 to 4', ar: 'المعدل من 0 إلى 4' } : null,
  },
  {
    name: 'fees_words',
    label: { en: 'Fees in words', ar: 'الرسوم كتابة' },
    type: 'number',
    words: true,
    readonly: true,
    width: 220,
  },
  { name: 'born', label: { en: 'Born', ar: 'تاريخ الميلاد' }, type: 'date' },
  { name: 'applied', label: { en: 'Applied', ar: 'تاريخ التقديم' }, type: 'datetime' },
  { name: 'seen', label: { en: 'Last seen', ar: 'آخر ظهور' }, type: 'datetimesec' },
  { name: 'enrolled', label: { en: 'Enrolled (tick)', ar: 'تاريخ القيد' }, type: 'datetick', summary: 'max' },
  { name: 'paid_at', label: { en: 'Paid at (tick)', ar: 'وقت الدفع' }, type: 'datetimetick' },
  { name: 'login_at', label: { en: 'Login (tick)', ar: 'وقت الدخول' }, type: 'datetimesectick' },
  { name: 'active', label: { en: 'Active', ar: 'نشط' }, type: 'check10', summary: 'count' },
  { name: 'egyptian', label: { en: 'Egyptian', ar: 'مصري' }, type: 'checkYN' },
  { name: 'graduated', label: { en: 'Graduated', ar: 'متخرج' }, type: 'checkTF' },
  {
    name: 'gender',
    label: { en: 'Gender', ar: 'النوع' },
    type: 'map',
    options: { M: { en: 'Male', ar: 'ذكر' }, F: { en: 'Female', ar: 'أنثى' } },
  },
  {
    name: 'city',
    label: { en: 'City', ar: 'المدينة' },
    type: 'select',
    options: ['Cairo', 'Giza', 'Alexandria', 'Aswan', 'القاهرة'],
  },
  { name: 'notes', label: { en: 'Notes', ar: 'ملاحظات' }, width: 180 },
  { name: 'phone', label: { en: 'Phone', ar: 'الهاتف' }, allowKeys: '[0-9+]', lengthLimit: 15 },
  { name: 'internal_id', label: 'id', invisible: true },
];

const FIRST = ['Ahmed', 'Mona', 'Omar', 'Sara', 'Youssef', 'Nour', 'Karim', 'Laila', 'Hassan', 'Fatma'];
const FIRST_AR = ['أحمد', 'منى', 'عمر', 'سارة', 'يوسف', 'نور', 'كريم', 'ليلى', 'حسن', 'فاطمة'];
const LAST = ['Hassan', 'Ali', 'Mahmoud', 'Khaled', 'Mostafa', 'Ibrahim', 'Salem'];
const LAST_AR = ['حسن', 'علي', 'محمود', 'خالد', 'مصطفى', 'إبراهيم', 'سالم'];
const CITIES = ['Cairo', 'Giza', 'Alexandria', 'Aswan', 'القاهرة'];
const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);

const pad = (n: number) => String(n).padStart(2, '0');

export function storyRow(i: number): GridRow {
  const f = i % FIRST.length;
  const l = (i * 3 + Math.floor(i / FIRST.length)) % LAST.length;
  const born = Date.UTC(1998 + (i % 8), i % 12, 1 + (i % 28));
  const d = new Date(born);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const fees = 1000 + ((i * 7919) % 90000) + (i % 4) * 0.25;
  return {
    code: `S${String(10000 + i)}`,
    name: `${FIRST[f]} ${LAST[l]}`,
    name_local: `${FIRST_AR[f]} ${LAST_AR[l]}`,
    fees,
    gpa: Math.round(((i * 37) % 400) + 0) / 100,
    fees_words: Math.round(fees),
    born: date,
    applied: `${date} ${pad(8 + (i % 10))}:${pad(i % 60)}`,
    seen: `${date} ${pad(i % 24)}:${pad((i * 3) % 60)}:${pad((i * 7) % 60)}`,
    enrolled: BASE + (i % 365) * DAY,
    paid_at: BASE + (i % 365) * DAY + (i % 24) * 3_600_000,
    login_at: BASE + (i % 365) * DAY + (i % 86400) * 1000,
    active: i % 3 ? '1' : '0',
    egyptian: i % 5 ? 'Y' : 'N',
    graduated: i % 7 ? 'F' : 'T',
    gender: i % 2 ? 'F' : 'M',
    city: CITIES[i % CITIES.length],
    notes:
      i % 4 === 0
        ? 'Transferred from another faculty after the first year'
        : i % 4 === 1
          ? 'ملاحظة طويلة عن الطالب تتجاوز ثمانية عشر حرفًا'
          : '',
    phone: `+2010${String(10000000 + i).slice(-8)}`,
    internal_id: i + 1,
  };
}

export function storyRows(count: number): GridRow[] {
  return Array.from({ length: count }, (_, i) => storyRow(i));
}

/** A row validator: a graduate must have a GPA of at least 2. */
export const STORY_ROW_VALIDATORS: RowValidator[] = [
  (row) =>
    row.graduated === 'T' && typeof row.gpa === 'number' && row.gpa < 2
      ? { column: 'gpa', reason: { en: 'A graduate needs a GPA of 2 or more', ar: 'يحتاج الخريج إلى معدل 2 أو أكثر' } }
      : null,
];

/** Rows holding invalid cells, as an import leaves them for the user to fix. */
export function rowsWithErrors(): GridRow[] {
  const rows = storyRows(6);
  rows[1] = { ...rows[1]!, born: '2001-13-40', gpa: 'abc' };
  rows[2] = { ...rows[2]!, name: '' };
  rows[3] = { ...rows[3]!, egyptian: 'X', gpa: 4.5 };
  return rows;
}
