/**
 * Canned answers of the admission API for the stories of engine/react/pages/admission (shapes of
 * server/domains/admission/README.md), drawn with the real client manifest: an undergraduate
 * applicant with most tabs done, the application fee due, and staff feedback.
 */
import type { FixtureRoute } from '../../engine/react/testing/fixture-api.ts';
import type { RowaqParameters } from '../fixtures/parameters.ts';
import { CLIENT_MANIFEST } from '../fixtures/screens.ts';

const TABS = [
  'nationality',
  'personal_info',
  'contact_info',
  'parent_info',
  'academic_data',
  'personal_preference',
  'documents',
  'englishExam',
  'scholarships',
  'FinancialAid',
  'Declaration',
  'payment',
];

/** A payment status of the YAML's table, as the server sends it with each fee (status_ref). */
const paymentStatus = (key: string) =>
  CLIENT_MANIFEST.statusTables.payment_status?.statuses.find((s) => s.key === key) ?? null;

export function dashboard(status: 'incomplete' | 'feedback' | 'submitted' = 'incomplete') {
  const statuses = {
    incomplete: { id: 1, key: 'incomplete', name: 'Incomplete', name_local: 'غير مكتمل', color: 'danger' },
    feedback: { id: 4, key: 'feedback', name: 'Feedback', name_local: 'مطلوب تعديلات', color: 'warning' },
    submitted: {
      id: 2,
      key: 'submitted',
      name: 'Submitted (in review)',
      name_local: 'مُقدَّم (قيد المراجعة)',
      color: 'info',
    },
  };
  const done = status === 'incomplete' ? TABS.slice(0, 11) : TABS;
  return {
    data: {
      id: 41,
      applicant_type_id: 1,
      email: 'omar.saleh@example.com',
      name: 'Omar Khaled Mahmoud Saleh',
      name_local: 'عمر خالد محمود صالح',
      nationality_id: 64,
      status: statuses[status],
      feedback: status === 'feedback' ? 'Upload a clearer copy of your birth certificate.' : null,
      editable: status !== 'submitted',
      tabs: TABS.map((key) => ({ key, done: done.includes(key) })),
      completed_tabs: done,
      form_version: '72fadbd049e4',
      next_step:
        status === 'feedback'
          ? {
              key: 'fix_feedback',
              text: {
                en: 'Read the feedback, correct your application and send it again',
                ar: 'اقرأ الملاحظات وصحح طلبك ثم أرسله مرة أخرى',
              },
            }
          : status === 'submitted'
            ? {
                key: 'wait_review',
                text: { en: 'The admission office is reviewing your application', ar: 'يراجع مكتب القبول طلبك' },
              }
            : { key: 'pay', text: { en: 'Pay the application fee', ar: 'ادفع رسوم التقديم' } },
      payment_due: status === 'incomplete',
      fees: [
        {
          billing_kind_id: 1,
          key: 'application_fees',
          label: { en: 'Application fees', ar: 'رسوم التقديم' },
          amount: 600,
          currency: 'EGP',
          status: status === 'incomplete' ? 'unpaid' : 'paid',
          status_ref: paymentStatus(status === 'incomplete' ? 'unpaid' : 'paid'),
          payment_id: 7,
          due: status === 'incomplete',
        },
        {
          billing_kind_id: 2,
          key: 'exam_fees',
          label: { en: 'Exam fees', ar: 'رسوم الاختبار' },
          amount: 400,
          currency: 'EGP',
          status: 'unpaid',
          status_ref: paymentStatus('unpaid'),
          payment_id: null,
          due: false,
        },
        {
          billing_kind_id: 5,
          key: 'final_fees',
          label: { en: 'Final fees', ar: 'الرسوم النهائية' },
          amount: 12000,
          currency: 'EGP',
          status: 'unpaid',
          status_ref: paymentStatus('unpaid'),
          payment_id: null,
          due: false,
        },
      ],
    },
  };
}

const TAB_DATA: Record<string, Record<string, unknown>> = {
  nationality: { nationality_id: 64, mother_nationality_id: 64, national_id: '30701011234567' },
  personal_info: {
    first_name_en: 'Omar',
    father_name_en: 'Khaled',
    grandfather_name_en: 'Mahmoud',
    family_name_en: 'Saleh',
    first_name_ar: 'عمر',
    father_name_ar: 'خالد',
    grandfather_name_ar: 'محمود',
    family_name_ar: 'صالح',
    birth_date: '2007-05-14',
    birth_country_id: 64,
    birth_city: 'Cairo',
    gender_id: 1,
    religion_id: 1,
    height: 175,
    weight: 70,
    photo: 'files/photo/omar.png',
  },
  // The tab's read carries the applicant's nationality (a hidden field): bank transfer is offered to non-Egyptians only.
  payment: { nationality_id: 64, payment_option_id: 1 },
};

const LOOKUPS = {
  countries: [
    { id: 64, name: 'Egypt', name_local: 'مصر' },
    { id: 65, name: 'Sudan', name_local: 'السودان' },
  ],
  faculties: [{ id: 1, name: 'Faculty of Engineering', name_local: 'كلية الهندسة' }],
  programs: [{ id: 10, name: 'Computer Engineering', name_local: 'هندسة الحاسبات', faculty_id: 1 }],
};

export function admissionRoutes(status: 'incomplete' | 'feedback' | 'submitted' = 'incomplete'): FixtureRoute[] {
  return [
    { method: 'get', path: '/admission/website/applicant/lookups', respond: () => ({ data: { data: LOOKUPS } }) },
    { method: 'get', path: '/admission/:id/dashboard', respond: () => ({ data: dashboard(status) }) },
    {
      method: 'get',
      path: '/admission/review/:id/actions',
      respond: () => ({
        data: {
          data: [
            {
              action: 'review',
              to: { id: 3, key: 'reviewed', name: 'Reviewed', name_local: 'تمت المراجعة', color: 'primary' },
            },
            {
              action: 'request_changes',
              to: { id: 4, key: 'feedback', name: 'Feedback', name_local: 'مطلوب تعديلات', color: 'warning' },
            },
          ],
        },
      }),
    },
    {
      method: 'get',
      path: '/admission/:id/:tab/dashboard',
      respond: (_r, p) => ({
        data: {
          data: TAB_DATA[p.tab] ?? {},
          completed_tabs: TABS,
          form_version: '72fadbd049e4',
          form: CLIENT_MANIFEST.forms[CLIENT_MANIFEST.wizards.admission_form?.tabs[p.tab]?.form ?? ''],
        },
      }),
    },
    {
      method: 'get',
      path: '/admission/:id/:tab',
      respond: (_r, p) => ({
        data: { data: TAB_DATA[p.tab] ?? {}, completed_tabs: dashboard(status).data.completed_tabs },
      }),
    },
    {
      method: 'put',
      path: '/admission/apply',
      respond: () => ({ status: 409, data: { error: 'Cannot apply to this program now' } }),
    },
  ];
}

export function admissionParameters(
  status: 'incomplete' | 'feedback' | 'submitted' = 'incomplete',
  signedOut = true,
): { rowaq: RowaqParameters } {
  return {
    rowaq: { manifest: CLIENT_MANIFEST, routes: admissionRoutes(status), ...(signedOut ? { user: null } : {}) },
  };
}
