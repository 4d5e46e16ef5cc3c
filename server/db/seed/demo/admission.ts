/**
 * The demo university's admission data: an open round per application kind for the admission
 * term (the next Fall; transfers closed, so the refusal can be seen), a closed round of the
 * current year, the bank account for transfers, and applicants in every stage of the lifecycle
 * for the staff screens. Applicants' tab data is the same valid sample the tests use; their
 * secrets are random and unknown (a demo applicant link is made by applying).
 */
import crypto from 'node:crypto';
import { EGYPT_ID, FOREIGN_COUNTRIES } from '../countries.ts';
import { isoDate, addDays } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import { sampleTabs, SAMPLE_PERSON } from '../../../domains/admission/sample.ts';
import { degreeLevelOfType } from '../../../domains/admission/applicants.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const ADMISSION_ENTITIES: string[] = ['admissions', 'applicants'];

const KINDS: Array<
  [type: number, en: string, ar: string, level: 1 | 2, fees: [number, number, number], usd: [number, number, number]]
> = [
  [1, 'Undergraduate admission', 'القبول لمرحلة البكالوريوس', 1, [600, 400, 12_000], [60, 40, 1_500]],
  [2, 'International undergraduate admission', 'قبول الطلاب الوافدين', 1, [600, 400, 12_000], [100, 60, 3_000]],
  [3, 'Transfer admission', 'القبول بالتحويل', 1, [800, 0, 12_000], [80, 0, 1_500]],
  [4, 'Postgraduate diploma admission', 'القبول بالدبلوم', 2, [900, 0, 8_000], [90, 0, 1_000]],
  [5, 'Master admission', 'القبول بالماجستير', 2, [1_200, 600, 15_000], [120, 60, 2_000]],
  [6, 'PhD admission', 'القبول بالدكتوراه', 2, [1_500, 800, 20_000], [150, 80, 2_500]],
  [7, 'Staff recruitment', 'التقدم للوظائف', 1, [0, 0, 0], [0, 0, 0]],
];

/** [first, father, grandfather, family] in English and Arabic, gender. */
const PEOPLE: Array<[string[], string[], 1 | 2]> = [
  [['Omar', 'Khaled', 'Mahmoud', 'Saleh'], ['عمر', 'خالد', 'محمود', 'صالح'], 1],
  [['Mariam', 'Ahmed', 'Youssef', 'Farouk'], ['مريم', 'أحمد', 'يوسف', 'فاروق'], 2],
  [['Youssef', 'Tarek', 'Samir', 'Nabil'], ['يوسف', 'طارق', 'سمير', 'نبيل'], 1],
  [['Salma', 'Hany', 'Adel', 'Ibrahim'], ['سلمى', 'هاني', 'عادل', 'إبراهيم'], 2],
  [['Karim', 'Mostafa', 'Hassan', 'Gamal'], ['كريم', 'مصطفى', 'حسن', 'جمال'], 1],
  [['Nour', 'Sherif', 'Fathy', 'Mansour'], ['نور', 'شريف', 'فتحي', 'منصور'], 2],
  [['Hassan', 'Walid', 'Ragab', 'Soliman'], ['حسن', 'وليد', 'رجب', 'سليمان'], 1],
  [['Laila', 'Amr', 'Fawzy', 'Zaki'], ['ليلى', 'عمرو', 'فوزي', 'زكي'], 2],
  [['Mahmoud', 'Essam', 'Helmy', 'Badr'], ['محمود', 'عصام', 'حلمي', 'بدر'], 1],
  [['Hana', 'Magdy', 'Lotfy', 'Wahba'], ['هنا', 'مجدي', 'لطفي', 'وهبة'], 2],
  [['Ali', 'Sayed', 'Kamal', 'Abbas'], ['علي', 'سيد', 'كمال', 'عباس'], 1],
  [['Rana', 'Osama', 'Hamdy', 'Shawky'], ['رنا', 'أسامة', 'حمدي', 'شوقي'], 2],
];

/** [status id, applicant type, feedback] — every stage of the lifecycle (docs/decisions.md). */
const STAGES: Array<[number, number, string | null]> = [
  [1, 1, null],
  [2, 1, null],
  [3, 1, null],
  [4, 1, 'Upload a clearer copy of your birth certificate.'],
  [5, 1, null],
  [6, 1, null],
  [7, 5, null],
  [8, 1, null],
  [9, 1, null],
  [10, 1, null],
  [12, 1, null],
  [13, 4, 'The bachelor grade is below the programme minimum.'],
];

/** The university's USD account for bank transfers (read by the admission payment calls). */
const BANK: Array<[string, string, string]> = [
  ['bank_name_usd', 'National Bank of Egypt — USD account', 'Bank of the USD account for transfers from abroad.'],
  ['bank_account_usd', '1000 2233 4455 6677', 'USD account number.'],
  ['bank_iban_usd', 'EG38 0019 0005 0000 0000 2631 8000 2', 'IBAN of the USD account.'],
  ['bank_swift', 'NBEGEGCX', 'SWIFT code of the bank.'],
];

export async function seedAdmissionDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!w.has('admissions') || !w.has('applicants')) return;
  const admissionTerm =
    ctx.terms.all.find((t) => t.season === 'fall' && t.year === ctx.terms.current.year + 1) ?? ctx.terms.current;
  const rounds: Row[] = [];
  const roundOf = new Map<number, number>();
  for (const [type, en, ar, level, fees, usd] of KINDS) {
    const id = w.id('admissions');
    roundOf.set(type, id);
    rounds.push({
      id,
      name: `${en} ${admissionTerm.code}`,
      name_local: `${ar} ${admissionTerm.code}`,
      applicant_type_id: type,
      degree_level_id: level,
      term_id: admissionTerm.id,
      opens_on: isoDate(addDays(ctx.today, -30)),
      // Transfers closed: the apply page shows 'Cannot apply to this program now' for them.
      closes_on: isoDate(addDays(ctx.today, type === 3 ? -2 : 90)),
      active: true,
      early_payment: type !== 7,
      application_fee: fees[0],
      exam_fee: fees[1],
      final_fee: fees[2],
      application_fee_usd: usd[0],
      exam_fee_usd: usd[1],
      final_fee_usd: usd[2],
    });
  }
  rounds.push({
    id: w.id('admissions'),
    name: `Undergraduate admission ${ctx.terms.current.code}`,
    name_local: `القبول لمرحلة البكالوريوس ${ctx.terms.current.code}`,
    applicant_type_id: 1,
    degree_level_id: 1,
    term_id: ctx.terms.current.id,
    opens_on: isoDate(addDays(ctx.today, -300)),
    closes_on: isoDate(addDays(ctx.today, -200)),
    active: false,
    early_payment: true,
    application_fee: 500,
    exam_fee: 300,
    final_fee: 10_000,
  });
  await w.insert('admissions', rounds);

  const present = new Set((await w.select('settings', 'name')).map(String));
  await w.insert(
    'settings',
    BANK.filter(([name]) => !present.has(name)).map(([name, value, description]) => ({
      id: w.id('settings'),
      name,
      value,
      public: false,
      description,
    })),
  );

  const faculty = ctx.university.faculties[0]!;
  const programs = faculty.departments.map((d) => d.programId);
  const applicants: Row[] = STAGES.map(([statusId, type, feedback], i) => {
    const [en, ar, gender] = PEOPLE[i % PEOPLE.length]!;
    const foreign = i % 4 === 3 ? FOREIGN_COUNTRIES[i % FOREIGN_COUNTRIES.length]! : null;
    const person = {
      ...SAMPLE_PERSON,
      email: `${en[0]!.toLowerCase()}.${en[3]!.toLowerCase()}${i}@applicant.rowaq.demo`,
      first_en: en[0]!,
      father_en: en[1]!,
      grandfather_en: en[2]!,
      family_en: en[3]!,
      first_ar: ar[0]!,
      father_ar: ar[1]!,
      grandfather_ar: ar[2]!,
      family_ar: ar[3]!,
      gender_id: gender,
      nationality_id: foreign ? foreign.id : EGYPT_ID,
      national_id: `3070101${String(1_000_000 + i * 7919).slice(-7)}`,
      passport: foreign ? `P${String(20_000_000 + i)}` : undefined,
    };
    // Each applies for programs of its own degree level: bachelor's, or the faculty's master's.
    const choices = degreeLevelOfType(type) === 2 ? [faculty.masterProgramId] : programs.slice(0, 3);
    const tabs = sampleTabs(person, { preferences: choices.map((p) => [faculty.id, p] as [number, number]) });
    const set = ctx.manifest.wizards.admission_form?.tabSets.sets[String(type)] ?? [];
    const filled = statusId === 1 ? set.slice(0, 4) : set;
    const data = Object.fromEntries(filled.map((tab) => [tab, tabs[tab] ?? {}]));
    const submitted = statusId === 1 ? null : addDays(ctx.today, -20 + i);
    return {
      id: w.id('applicants'),
      applicant_type_id: type,
      admission_id: roundOf.get(type),
      term_id: admissionTerm.id,
      email: person.email,
      name: `${en.join(' ')}`,
      name_local: ar.join(' '),
      national_id: foreign ? null : person.national_id,
      passport: person.passport ?? null,
      nationality_id: person.nationality_id,
      phone: '201001234567',
      gender_id: gender,
      // Nobody knows this secret: the hash of 32 random bytes.
      secret: crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex'),
      status_id: statusId,
      require_payment: type !== 7,
      early: type !== 7,
      degree_level_id: degreeLevelOfType(type),
      faculty_id: statusId >= 9 && statusId !== 13 ? faculty.id : null,
      program_id: statusId >= 11 && statusId !== 13 ? programs[0] : null,
      form_version: ctx.manifest.wizards.admission_form?.version ?? null,
      data,
      completed_tabs: filled,
      tab_versions: Object.fromEntries(filled.map((tab) => [tab, ctx.manifest.wizards.admission_form?.version])),
      submitted_at: submitted ? submitted.toISOString() : null,
      feedback,
      status_changed_at: submitted ? addDays(submitted, 2).toISOString() : null,
    };
  });
  await w.insert('applicants', applicants);
}
