/**
 * The benchmark's table: 20 columns of every common kind and N rows made by a seeded generator,
 * so every run (and both grids) sees the same data. Used by the page (bench/grid/main.tsx) and
 * by the harness (the 50,000-row .xlsx it imports is written from these rows).
 */
import type { GridColumn, GridRow } from '../../engine/plugins/grid/model/types.ts';

export const BENCH_COLUMNS: GridColumn[] = [
  { name: 'code', label: { en: 'Code', ar: 'الكود' }, keyField: true, sticky: true, width: 100 },
  { name: 'name', label: { en: 'Name', ar: 'الاسم' }, width: 180 },
  { name: 'name_local', label: { en: 'Arabic name', ar: 'الاسم بالعربية' }, width: 180 },
  { name: 'faculty', label: { en: 'Faculty', ar: 'الكلية' }, width: 140 },
  { name: 'program', label: { en: 'Program', ar: 'البرنامج' }, width: 140 },
  { name: 'level', label: { en: 'Level', ar: 'المستوى' }, type: 'number', width: 70 },
  { name: 'gpa', label: { en: 'GPA', ar: 'المعدل' }, type: 'number', summary: 'avg', width: 70 },
  { name: 'hours', label: { en: 'Hours', ar: 'الساعات' }, type: 'number', summary: 'sum', width: 80 },
  { name: 'fees', label: { en: 'Fees', ar: 'الرسوم' }, type: 'number', summary: 'sum', width: 110 },
  { name: 'birth_date', label: { en: 'Birth date', ar: 'تاريخ الميلاد' }, type: 'date', width: 110 },
  { name: 'enrolled_at', label: { en: 'Enrolled at', ar: 'تاريخ القيد' }, type: 'datetime', width: 150 },
  { name: 'updated', label: { en: 'Updated', ar: 'آخر تحديث' }, type: 'datetimesectick', width: 170 },
  { name: 'active', label: { en: 'Active', ar: 'نشط' }, type: 'checkYN', width: 60 },
  { name: 'paid', label: { en: 'Paid', ar: 'مدفوع' }, type: 'check10', width: 60 },
  { name: 'verified', label: { en: 'Verified', ar: 'موثق' }, type: 'checkTF', width: 60 },
  {
    name: 'kind',
    label: { en: 'Kind', ar: 'النوع' },
    type: 'select',
    options: [
      { value: 'u', label: { en: 'Undergraduate', ar: 'جامعي' } },
      { value: 'p', label: { en: 'Postgraduate', ar: 'دراسات عليا' } },
    ],
    width: 120,
  },
  { name: 'city', label: { en: 'City', ar: 'المدينة' }, width: 110 },
  { name: 'phone', label: { en: 'Phone', ar: 'الهاتف' }, width: 120 },
  { name: 'email', label: { en: 'Email', ar: 'البريد الإلكتروني' }, width: 200 },
  { name: 'notes', label: { en: 'Notes', ar: 'ملاحظات' }, width: 200 },
];

const FIRST = [
  'Ahmed',
  'Mona',
  'Omar',
  'Sara',
  'Youssef',
  'Nour',
  'Laila',
  'Karim',
  'Hana',
  'Tarek',
  'Salma',
  'Mostafa',
  'Dina',
  'Hassan',
  'Rana',
  'Ali',
];
const FIRST_AR = [
  'أحمد',
  'منى',
  'عمر',
  'سارة',
  'يوسف',
  'نور',
  'ليلى',
  'كريم',
  'هنا',
  'طارق',
  'سلمى',
  'مصطفى',
  'دينا',
  'حسن',
  'رنا',
  'علي',
];
const LAST = [
  'Hassan',
  'Ali',
  'Khaled',
  'Mahmoud',
  'Ibrahim',
  'Adel',
  'Samir',
  'Fathy',
  'Nabil',
  'Saeed',
  'Farouk',
  'Gamal',
];
const LAST_AR = ['حسن', 'علي', 'خالد', 'محمود', 'إبراهيم', 'عادل', 'سمير', 'فتحي', 'نبيل', 'سعيد', 'فاروق', 'جمال'];
const FACULTIES = ['Engineering', 'Medicine', 'Commerce', 'Law', 'Arts', 'Science', 'Pharmacy', 'Computing'];
const PROGRAMS = ['General', 'Software', 'Civil', 'Accounting', 'English', 'Physics', 'Clinical', 'Data'];
const CITIES = ['Cairo', 'Giza', 'Alexandria', 'Mansoura', 'Tanta', 'Assiut', 'Aswan', 'Suez'];

/** mulberry32: a small seeded generator, the same sequence everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function benchRows(count: number, seed = 20261122): GridRow[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const rows: GridRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const f = Math.floor(next() * FIRST.length);
    const l = Math.floor(next() * LAST.length);
    const year = 1995 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const month = 1 + Math.floor(next() * 12);
    rows[i] = {
      code: String(2_000_000 + i),
      name: `${FIRST[f]} ${LAST[l]}`,
      name_local: `${FIRST_AR[f]} ${LAST_AR[l]}`,
      faculty: pick(FACULTIES),
      program: pick(PROGRAMS),
      level: 1 + Math.floor(next() * 5),
      gpa: Math.round(next() * 400) / 100,
      hours: Math.floor(next() * 170),
      fees: Math.round(next() * 5_000_000) / 100,
      birth_date: `${year}-${pad(month)}-${pad(day)}`,
      enrolled_at: `20${pad(15 + Math.floor(next() * 10))}-${pad(month)}-${pad(day)} ${pad(Math.floor(next() * 24))}:${pad(Math.floor(next() * 60))}`,
      updated: Date.UTC(2025, 0, 1) + Math.floor(next() * 365 * 86_400) * 1000,
      active: next() < 0.8 ? 'Y' : 'N',
      paid: next() < 0.6 ? '1' : '0',
      verified: next() < 0.5 ? 'T' : 'F',
      kind: next() < 0.85 ? 'u' : 'p',
      city: pick(CITIES),
      phone: `010${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
      email: `student${i}@rowaq.demo`,
      notes: next() < 0.3 ? 'Transferred from another university' : '',
    };
  }
  return rows;
}

/** The scenario's operations, the same on both grids. */
export const SCENARIO = {
  /** A wildcard filter on the name column: names starting with M and ending with d. */
  wildcardFilter: { column: 'name', text: 'M*d' },
  sort: { column: 'gpa', direction: 'asc' as const },
  /** A misspelt name: the fuzzy search still finds the Mostafa rows. */
  fuzzy: 'Mustafa',
};
