/**
 * A complete, valid application: the values of every tab for an applicant type, and small real
 * files (PDF and PNG bytes) for the uploads. Used by the demo seed (applicants with real data
 * for the staff screens), the tests and the benchmark, so all three fill the same form the
 * YAML defines; a change to a form that makes these values invalid fails the tests.
 */

export interface SamplePerson {
  email: string;
  first_en: string;
  father_en: string;
  grandfather_en: string;
  family_en: string;
  first_ar: string;
  father_ar: string;
  grandfather_ar: string;
  family_ar: string;
  gender_id: 1 | 2;
  nationality_id: number;
  /** 14 digits for nationality 64. */
  national_id?: string;
  passport?: string;
}

export interface SampleChoices {
  /** [faculty_id, program_id] pairs, in order of preference. */
  preferences: Array<[number, number]>;
}

export const SAMPLE_PERSON: SamplePerson = {
  email: 'ahmed.hassan@example.com',
  first_en: 'Ahmed',
  father_en: 'Mohamed',
  grandfather_en: 'Ali',
  family_en: 'Hassan',
  first_ar: 'أحمد',
  father_ar: 'محمد',
  grandfather_ar: 'علي',
  family_ar: 'حسن',
  gender_id: 1,
  nationality_id: 64,
  national_id: '30701011234567',
};

type Tab = Record<string, unknown>;

/** Tab key -> values, for every tab a type may show (the wizard picks its set). */
export function sampleTabs(person: SamplePerson, choices: SampleChoices): Record<string, Tab> {
  const egyptian = person.nationality_id === 64;
  const degree = (prefix: string, year: number) => ({
    [`${prefix}_university`]: 'Cairo University',
    [`${prefix}_country_id`]: 64,
    [`${prefix}_faculty`]: 'Faculty of Science',
    [`${prefix}_major`]: 'Computer Science',
    [`${prefix}_year`]: year,
    [`${prefix}_grade_id`]: 2,
    [`${prefix}_gpa`]: 3.4,
    [`${prefix}_percentage`]: 82,
  });
  return {
    nationality: {
      nationality_id: person.nationality_id,
      mother_nationality_id: person.nationality_id,
      ...(egyptian ? { national_id: person.national_id } : { passport: person.passport ?? 'A12345678' }),
    },
    personal_info: {
      first_name_en: person.first_en,
      father_name_en: person.father_en,
      grandfather_name_en: person.grandfather_en,
      family_name_en: person.family_en,
      first_name_ar: person.first_ar,
      father_name_ar: person.father_ar,
      grandfather_name_ar: person.grandfather_ar,
      family_name_ar: person.family_ar,
      birth_date: '2007-05-14',
      birth_country_id: person.nationality_id,
      birth_city: 'Cairo',
      gender_id: person.gender_id,
      religion_id: 1,
      height: 175,
      weight: 70,
      blood_type_id: 1,
    },
    contact_info: {
      phone: '201001234567',
      ...(egyptian ? { mobile_egypt: '01001234567', governorate_id: 1 } : {}),
      whatsapp: '201001234567',
      address: '12 Abbas El Akkad Street, Nasr City',
      city: 'Cairo',
      postal_code: '11765',
    },
    parent_info: {
      guardian_name: `${person.father_en} ${person.grandfather_en} ${person.family_en}`,
      guardian_relation_id: 1,
      ...(egyptian ? { guardian_national_id: '26501011234567' } : {}),
      guardian_phone: '201112223334',
      guardian_email: 'guardian@example.com',
      guardian_job: 'Engineer',
      father_name: `${person.father_ar} ${person.grandfather_ar} ${person.family_ar}`,
      father_phone: '201112223334',
      mother_name: 'فاطمة محمود',
      mother_phone: '201223334445',
      has_sibling: false,
    },
    academic_data: {
      qualification_country_id: 64,
      qualification_year: 2025,
      certificate_type_id: 1,
      section_id: 1,
      sitting_number: '123456',
      school_name: 'Cairo Secondary School',
      total_marks: 390,
      max_total_marks: 410,
      percentage: 95.1,
      subject_degrees: [
        { subject: 'Mathematics', mark: 58, max_mark: 60 },
        { subject: 'Physics', mark: 57, max_mark: 60 },
      ],
      has_previous_university: false,
    },
    previous_university_info: {
      previous_university: 'Ain Shams University',
      previous_country_id: 64,
      previous_faculty: 'Faculty of Engineering',
      previous_program: 'Civil Engineering',
      previous_gpa: 3.1,
      previous_earned_hours: 64,
      previous_study_years: 2,
    },
    personal_preference: {
      preferences: choices.preferences.map(([faculty_id, program_id], i) => ({ faculty_id, program_id, order: i + 1 })),
    },
    documents: {},
    englishExam: { english_exam_id: 1, english_exam_score: 7, english_exam_date: '2025-03-01' },
    scholarships: { scholarships: [{ scholarship_id: 1, reason: 'Top of my class' }] },
    FinancialAid: { apply_financial_aid: false },
    Declaration: { declaration_1: true, declaration_2: true, declaration_3: true, declaration_4: true },
    bachelor_degree: degree('bachelor', 2020),
    diploma_degree: degree('diploma', 2022),
    master_degree: {
      ...degree('master', 2024),
      master_thesis_title: 'Scheduling university timetables with constraint programming',
    },
    staff_position: {
      position_kind_id: 2,
      position_faculty_id: choices.preferences[0]?.[0] ?? 1,
      available_from: '2026-09-01',
    },
    staff_experience: {
      years_of_experience: 3,
      experiences: [
        { employer: 'Cairo University', job_title: 'Teaching assistant', from: '2021-10-01', to: '2024-09-30' },
      ],
    },
    payment: { payment_option_id: 1 },
  };
}

/** A minimal valid PDF (file-type reads it as application/pdf). */
export function samplePdf(title = 'Rowaq sample document'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n4 0 obj<</Title(${title})>>endobj\ntrailer<</Root 1 0 R/Info 4 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1x1 PNG. */
export function samplePng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}

/** The file to upload for a file field: the photo as PNG, everything else as PDF. */
export function sampleFile(field: string): { name: string; content: Buffer; type: string } {
  if (field === 'photo') return { name: 'photo.png', content: samplePng(), type: 'image/png' };
  return { name: `${field}.pdf`, content: samplePdf(field), type: 'application/pdf' };
}

/** A multipart/form-data body with one file part (for inject and fetch alike). */
export function multipartBody(
  file: { name: string; content: Buffer; type: string },
  partName = 'file',
): { body: Buffer; contentType: string } {
  const boundary = `----rowaq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${partName}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { body: Buffer.concat([head, file.content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
