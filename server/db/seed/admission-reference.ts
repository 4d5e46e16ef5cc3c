/**
 * Reference data of the admission forms every installation needs, demo or not: the Egyptian
 * governorates and the secondary certificate types. Ids are fixed (forms and stored
 * applications keep them), and each table is written only while it is empty.
 */
import type { Row, SeedWriter } from './writer.ts';

/** [id, English name, Arabic name] */
const GOVERNORATES: Array<[number, string, string]> = [
  [1, 'Cairo', 'القاهرة'],
  [2, 'Giza', 'الجيزة'],
  [3, 'Alexandria', 'الإسكندرية'],
  [4, 'Qalyubia', 'القليوبية'],
  [5, 'Dakahlia', 'الدقهلية'],
  [6, 'Sharqia', 'الشرقية'],
  [7, 'Gharbia', 'الغربية'],
  [8, 'Monufia', 'المنوفية'],
  [9, 'Beheira', 'البحيرة'],
  [10, 'Kafr El Sheikh', 'كفر الشيخ'],
  [11, 'Damietta', 'دمياط'],
  [12, 'Port Said', 'بورسعيد'],
  [13, 'Ismailia', 'الإسماعيلية'],
  [14, 'Suez', 'السويس'],
  [15, 'North Sinai', 'شمال سيناء'],
  [16, 'South Sinai', 'جنوب سيناء'],
  [17, 'Faiyum', 'الفيوم'],
  [18, 'Beni Suef', 'بني سويف'],
  [19, 'Minya', 'المنيا'],
  [20, 'Asyut', 'أسيوط'],
  [21, 'Sohag', 'سوهاج'],
  [22, 'Qena', 'قنا'],
  [23, 'Luxor', 'الأقصر'],
  [24, 'Aswan', 'أسوان'],
  [25, 'Red Sea', 'البحر الأحمر'],
  [26, 'New Valley', 'الوادي الجديد'],
  [27, 'Matrouh', 'مطروح'],
];

/** [id, code, English name, Arabic name, Egyptian, has a sitting number, usual maximum total] */
const CERTIFICATE_TYPES: Array<[number, string, string, string, boolean, boolean, number | null]> = [
  [1, 'THANAWEYA', 'Egyptian general secondary (Thanaweya Amma)', 'الثانوية العامة المصرية', true, true, 410],
  [2, 'AZHAR', 'Azhar secondary', 'الثانوية الأزهرية', true, true, 550],
  [3, 'TECHDIPLOMA', 'Technical diploma', 'دبلوم فني', true, true, 1000],
  [4, 'IGCSE', 'IGCSE / British certificate', 'الشهادة البريطانية IGCSE', false, false, null],
  [5, 'AMERICAN', 'American diploma', 'الدبلومة الأمريكية', false, false, 100],
  [6, 'IB', 'International Baccalaureate', 'البكالوريا الدولية', false, false, 45],
  [7, 'STEM', 'STEM schools', 'مدارس المتفوقين في العلوم والتكنولوجيا', true, true, 700],
  [8, 'ARABSECONDARY', 'Arab secondary certificate', 'شهادة ثانوية عربية', false, false, 100],
  [9, 'OTHER', 'Other equivalent certificate', 'شهادة معادلة أخرى', false, false, null],
];

async function isEmpty(writer: SeedWriter, entity: string): Promise<boolean> {
  return writer.has(entity) && (await writer.select(entity, 'code')).length === 0;
}

/** Writes governorates and certificate types into empty tables; returns how many rows. */
export async function seedAdmissionReference(writer: SeedWriter): Promise<number> {
  let written = 0;
  if (await isEmpty(writer, 'governorates')) {
    const rows: Row[] = GOVERNORATES.map(([id, name, name_local]) => ({
      id,
      code: name.replace(/[^A-Za-z]/g, '').toUpperCase(),
      name,
      name_local,
      country_id: 64,
    }));
    written += await writer.insert('governorates', rows);
  }
  if (await isEmpty(writer, 'certificate_types')) {
    const rows: Row[] = CERTIFICATE_TYPES.map(
      ([id, code, name, name_local, egyptian, needs_sitting_number, max_total_marks]) => ({
        id,
        code,
        name,
        name_local,
        egyptian,
        needs_sitting_number,
        max_total_marks,
      }),
    );
    written += await writer.insert('certificate_types', rows);
  }
  return written;
}
