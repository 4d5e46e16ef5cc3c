/**
 * The demo university's structure: faculties, departments, bylaws, programs, buildings and
 * rooms, in English and Arabic. Deans and heads of department are users, written later
 * (people.ts) and linked back with SeedWriter.update.
 */
import type { Row, SeedWriter } from '../writer.ts';

export interface DemoDepartment {
  id: number;
  code: string;
  facultyId: number;
  name: string;
  name_local: string;
  programId: number;
}
export interface DemoFaculty {
  id: number;
  code: string;
  name: string;
  name_local: string;
  years: number;
  departments: DemoDepartment[];
  oldBylawId: number;
  bylawId: number;
  masterProgramId: number;
}
export interface DemoRoom {
  id: number;
  code: string;
  capacity: number;
  kind: 'hall' | 'class' | 'lab';
}
export interface DemoUniversity {
  faculties: DemoFaculty[];
  departments: DemoDepartment[];
  rooms: DemoRoom[];
}

interface FacultySpec {
  code: string;
  en: string;
  ar: string;
  years: number;
  master: [string, string];
  departments: Array<[code: string, en: string, ar: string]>;
}

const FACULTIES: FacultySpec[] = [
  {
    code: 'ENG',
    en: 'Faculty of Engineering',
    ar: 'كلية الهندسة',
    years: 5,
    master: ['Master of Engineering', 'ماجستير الهندسة'],
    departments: [
      ['CIV', 'Civil Engineering', 'الهندسة المدنية'],
      ['MEC', 'Mechanical Engineering', 'الهندسة الميكانيكية'],
      ['ELE', 'Electrical Engineering', 'الهندسة الكهربائية'],
      ['ARC', 'Architectural Engineering', 'الهندسة المعمارية'],
    ],
  },
  {
    code: 'FCI',
    en: 'Faculty of Computers and Information',
    ar: 'كلية الحاسبات والمعلومات',
    years: 4,
    master: ['Master of Computer Science', 'ماجستير علوم الحاسب'],
    departments: [
      ['CS', 'Computer Science', 'علوم الحاسب'],
      ['IS', 'Information Systems', 'نظم المعلومات'],
      ['AI', 'Artificial Intelligence', 'الذكاء الاصطناعي'],
    ],
  },
  {
    code: 'BUS',
    en: 'Faculty of Business Administration',
    ar: 'كلية إدارة الأعمال',
    years: 4,
    master: ['Master of Business Administration', 'ماجستير إدارة الأعمال'],
    departments: [
      ['ACC', 'Accounting', 'المحاسبة'],
      ['MGT', 'Management', 'الإدارة'],
      ['MKT', 'Marketing', 'التسويق'],
      ['FIN', 'Finance and Banking', 'التمويل والمصارف'],
    ],
  },
  {
    code: 'MED',
    en: 'Faculty of Medicine',
    ar: 'كلية الطب',
    years: 6,
    master: ['Master of Medical Sciences', 'ماجستير العلوم الطبية'],
    departments: [
      ['BMS', 'Basic Medical Sciences', 'العلوم الطبية الأساسية'],
      ['IMD', 'Internal Medicine', 'الباطنة العامة'],
      ['SRG', 'General Surgery', 'الجراحة العامة'],
    ],
  },
  {
    code: 'PHA',
    en: 'Faculty of Pharmacy',
    ar: 'كلية الصيدلة',
    years: 5,
    master: ['Master of Pharmaceutical Sciences', 'ماجستير العلوم الصيدلية'],
    departments: [
      ['PHT', 'Pharmaceutics', 'الصيدلانيات'],
      ['PHL', 'Pharmacology and Toxicology', 'علم الأدوية والسموم'],
      ['PHC', 'Pharmaceutical Chemistry', 'الكيمياء الصيدلية'],
    ],
  },
  {
    code: 'ART',
    en: 'Faculty of Arts and Humanities',
    ar: 'كلية الآداب والعلوم الإنسانية',
    years: 4,
    master: ['Master of Arts', 'ماجستير الآداب'],
    departments: [
      ['ENL', 'English Language and Literature', 'اللغة الإنجليزية وآدابها'],
      ['ARL', 'Arabic Language and Literature', 'اللغة العربية وآدابها'],
      ['PSY', 'Psychology', 'علم النفس'],
    ],
  },
];

/** [code, name, Arabic name, location] */
const BUILDINGS: Array<[string, string, string, string]> = [
  ['A', 'Main Building', 'المبنى الرئيسي', 'Central campus'],
  ['B', 'Engineering Complex', 'مجمع الهندسة', 'North campus'],
  ['C', 'Computing and Science Building', 'مبنى الحاسبات والعلوم', 'North campus'],
  ['D', 'Medical Complex', 'المجمع الطبي', 'East campus'],
  ['E', 'Library and Humanities Building', 'مبنى المكتبة والعلوم الإنسانية', 'Central campus'],
  ['F', 'Business School', 'مدرسة إدارة الأعمال', 'South campus'],
];

/** Rooms per building by kind; their capacity range. */
const ROOM_KINDS: Array<{
  kind: DemoRoom['kind'];
  count: number;
  min: number;
  max: number;
  en: string;
  ar: string;
  event: number;
}> = [
  { kind: 'hall', count: 3, min: 120, max: 200, en: 'Lecture hall', ar: 'مدرج', event: 1 },
  { kind: 'class', count: 5, min: 40, max: 60, en: 'Classroom', ar: 'قاعة دراسية', event: 3 },
  { kind: 'lab', count: 4, min: 25, max: 35, en: 'Laboratory', ar: 'معمل', event: 2 },
];

export async function seedUniversity(w: SeedWriter): Promise<DemoUniversity> {
  const faculties: DemoFaculty[] = [];
  const facultyRows: Row[] = [];
  const departmentRows: Row[] = [];
  const bylawRows: Row[] = [];
  const programRows: Row[] = [];
  for (const spec of FACULTIES) {
    const id = w.id('faculties');
    facultyRows.push({ id, code: spec.code, name: spec.en, name_local: spec.ar, active: true });
    const short = spec.en.replace(/^Faculty of /, '');
    const shortAr = spec.ar.replace(/^كلية /, '');
    const [oldBylawId, bylawId] = [2018, 2023].map((year) => {
      const bylawId = w.id('bylaws');
      bylawRows.push({
        id: bylawId,
        faculty_id: id,
        code: `${spec.code}${year}`,
        year,
        active: year === 2023,
        name: `${short} Bylaw ${year}`,
        name_local: `لائحة ${shortAr} ${year}`,
        max_consecutive_warnings: 3,
        max_total_warnings: spec.years + 1,
      });
      return bylawId;
    });
    const departments = spec.departments.map(([code, en, ar]): DemoDepartment => {
      const department: DemoDepartment = {
        id: w.id('departments'),
        code,
        facultyId: id,
        name: en,
        name_local: ar,
        programId: w.id('programs'),
      };
      departmentRows.push({ id: department.id, faculty_id: id, code, name: en, name_local: ar });
      programRows.push({
        id: department.programId,
        faculty_id: id,
        department_id: department.id,
        bylaw_id: bylawId,
        code: `B${code}`,
        name: `Bachelor of ${en}`,
        name_local: `بكالوريوس ${ar}`,
        degree_level_id: 1,
        total_credit_hours: spec.years * 36,
        duration_years: spec.years,
        accepts_applications: true,
        needs_training: spec.code === 'MED' || spec.code === 'PHA' || spec.code === 'ENG',
        capacity: 400,
        active: true,
      });
      return department;
    });
    const masterProgramId = w.id('programs');
    programRows.push({
      id: masterProgramId,
      faculty_id: id,
      bylaw_id: bylawId,
      code: `M${spec.code}`,
      name: spec.master[0],
      name_local: spec.master[1],
      degree_level_id: 2,
      total_credit_hours: 36,
      duration_years: 2,
      accepts_applications: true,
      capacity: 60,
      active: true,
    });
    faculties.push({
      id,
      code: spec.code,
      name: spec.en,
      name_local: spec.ar,
      years: spec.years,
      departments,
      oldBylawId,
      bylawId,
      masterProgramId,
    });
  }
  await w.insert('faculties', facultyRows);
  await w.insert('departments', departmentRows);
  await w.insert('bylaws', bylawRows);
  await w.insert('programs', programRows);

  const rooms: DemoRoom[] = [];
  const buildingRows: Row[] = [];
  const roomRows: Row[] = [];
  for (const [code, en, ar, location] of BUILDINGS) {
    const buildingId = w.id('buildings');
    buildingRows.push({ id: buildingId, code, name: en, name_local: ar, location });
    let number = 100;
    ROOM_KINDS.forEach((spec, k) => {
      for (let i = 0; i < spec.count; i++) {
        number += 1;
        const room: DemoRoom = {
          id: w.id('rooms'),
          code: `${code}${number}`,
          kind: spec.kind,
          capacity: spec.min + ((i * 17 + k * 7) % (spec.max - spec.min + 1)),
        };
        rooms.push(room);
        roomRows.push({
          id: room.id,
          building_id: buildingId,
          code: room.code,
          capacity: room.capacity,
          kind_id: spec.event,
          name: `${spec.en} ${room.code}`,
          name_local: `${spec.ar} ${number} - ${ar}`,
        });
      }
    });
  }
  await w.insert('buildings', buildingRows);
  await w.insert('rooms', roomRows);
  return { faculties, departments: faculties.flatMap((f) => f.departments), rooms };
}
