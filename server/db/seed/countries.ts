/**
 * Reference data every installation needs, demo or not: the countries and nationalities.
 * Id 64 is Egypt (the spec's Egyptian nationality; students.nationality_id defaults to it and
 * the admission forms branch on it), so ids here are fixed rather than allocated.
 */
import type { Row, SeedWriter } from './writer.ts';

export const EGYPT_ID = 64;

/** [id, ISO code, name, Arabic name, nationality, Arabic nationality, phone code] */
const COUNTRIES: Array<[number, string, string, string, string, string, string]> = [
  [1, 'DZA', 'Algeria', 'الجزائر', 'Algerian', 'جزائري', '213'],
  [2, 'BHR', 'Bahrain', 'البحرين', 'Bahraini', 'بحريني', '973'],
  [3, 'CAN', 'Canada', 'كندا', 'Canadian', 'كندي', '1'],
  [4, 'CHN', 'China', 'الصين', 'Chinese', 'صيني', '86'],
  [5, 'FRA', 'France', 'فرنسا', 'French', 'فرنسي', '33'],
  [6, 'DEU', 'Germany', 'ألمانيا', 'German', 'ألماني', '49'],
  [7, 'IND', 'India', 'الهند', 'Indian', 'هندي', '91'],
  [8, 'IDN', 'Indonesia', 'إندونيسيا', 'Indonesian', 'إندونيسي', '62'],
  [9, 'IRQ', 'Iraq', 'العراق', 'Iraqi', 'عراقي', '964'],
  [10, 'JOR', 'Jordan', 'الأردن', 'Jordanian', 'أردني', '962'],
  [11, 'KWT', 'Kuwait', 'الكويت', 'Kuwaiti', 'كويتي', '965'],
  [12, 'LBN', 'Lebanon', 'لبنان', 'Lebanese', 'لبناني', '961'],
  [13, 'LBY', 'Libya', 'ليبيا', 'Libyan', 'ليبي', '218'],
  [14, 'MYS', 'Malaysia', 'ماليزيا', 'Malaysian', 'ماليزي', '60'],
  [15, 'MAR', 'Morocco', 'المغرب', 'Moroccan', 'مغربي', '212'],
  [16, 'NGA', 'Nigeria', 'نيجيريا', 'Nigerian', 'نيجيري', '234'],
  [17, 'OMN', 'Oman', 'عُمان', 'Omani', 'عماني', '968'],
  [18, 'PSE', 'Palestine', 'فلسطين', 'Palestinian', 'فلسطيني', '970'],
  [19, 'QAT', 'Qatar', 'قطر', 'Qatari', 'قطري', '974'],
  [20, 'SAU', 'Saudi Arabia', 'المملكة العربية السعودية', 'Saudi', 'سعودي', '966'],
  [21, 'SDN', 'Sudan', 'السودان', 'Sudanese', 'سوداني', '249'],
  [22, 'SYR', 'Syria', 'سوريا', 'Syrian', 'سوري', '963'],
  [23, 'TUN', 'Tunisia', 'تونس', 'Tunisian', 'تونسي', '216'],
  [24, 'TUR', 'Turkey', 'تركيا', 'Turkish', 'تركي', '90'],
  [25, 'ARE', 'United Arab Emirates', 'الإمارات العربية المتحدة', 'Emirati', 'إماراتي', '971'],
  [26, 'GBR', 'United Kingdom', 'المملكة المتحدة', 'British', 'بريطاني', '44'],
  [27, 'USA', 'United States', 'الولايات المتحدة', 'American', 'أمريكي', '1'],
  [28, 'YEM', 'Yemen', 'اليمن', 'Yemeni', 'يمني', '967'],
  [EGYPT_ID, 'EGY', 'Egypt', 'مصر', 'Egyptian', 'مصري', '20'],
];

/** Countries other than Egypt that demo students come from: [id, phone code]. */
export const FOREIGN_COUNTRIES = COUNTRIES.filter(([id]) => id !== EGYPT_ID).map(([id, , , , , , phone]) => ({
  id,
  phone,
}));

/** Writes the countries when the table is empty; returns how many. */
export async function seedCountries(writer: SeedWriter, empty: boolean): Promise<number> {
  if (!empty) return 0;
  const rows: Row[] = COUNTRIES.map(([id, code, name, name_local, nationality, nationality_local, phone_code]) => ({
    id,
    code,
    name,
    name_local,
    nationality,
    nationality_local,
    phone_code,
  }));
  return writer.insert('countries', rows);
}
