/**
 * The university's name/value settings. Flags hold the strings "true" or "false"; `public`
 * settings are sent to every visitor by GET /university/data.
 */
import type { Row, SeedWriter } from '../writer.ts';

/** [name, value, public, description] */
const SETTINGS: Array<[string, string, boolean, string]> = [
  [
    'university_name',
    'Rowaq Demo University',
    true,
    'The university name shown in the header and on printed documents.',
  ],
  ['university_name_local', 'جامعة رواق التجريبية', true, 'The university name in Arabic.'],
  ['favicon', '/favicon.svg', true, 'Path or address of the site icon.'],
  ['logo', '/logo.svg', true, 'Path or address of the university logo.'],
  ['attendance_with_qr_code', 'true', true, 'Students record attendance by scanning the lecture QR code.'],
  ['lazy_admission', 'false', true, 'Applicants may save an incomplete application and finish it later.'],
  ['pay_with_fawry', 'true', true, 'Fawry reference-number payments are offered.'],
  ['pay_with_credit_card', 'true', true, 'Card payments are offered.'],
  ['pay_with_voucher', 'true', true, 'Voucher payments are offered.'],
  ['week_start_day', 'saturday', true, 'The first day of the week in calendars (a key of week_day).'],
  ['currency', 'EGP', false, 'Default currency of invoices.'],
  ['chat_retention_days', '365', false, 'Chat messages older than this many days are removed (0 keeps them).'],
  ['support_email', 'support@rowaq.demo', false, 'Where support tickets are copied.'],
];

/** Writes the settings the university has not set yet. */
export async function seedSettings(w: SeedWriter): Promise<void> {
  const present = new Set((await w.select('settings', 'name')).map(String));
  const rows: Row[] = SETTINGS.filter(([name]) => !present.has(name)).map(([name, value, isPublic, description]) => ({
    id: w.id('settings'),
    name,
    value,
    public: isPublic,
    description,
  }));
  await w.insert('settings', rows);
}
