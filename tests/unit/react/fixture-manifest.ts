/** A small client manifest for the React unit tests: a few screens of each kind. */
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';

const noLayout = { full: false, admission: false, guest: false, anonymous: false };
const publicFull = { full: true, admission: false, guest: false, anonymous: true };

export function screen(partial: Partial<Screen> & Pick<Screen, 'name' | 'path' | 'view'>): Screen {
  return {
    title: { en: partial.name, ar: partial.name },
    permission: 'public',
    layout: noLayout,
    columns: [],
    filters: [],
    actions: [],
    ...partial,
  };
}

export function fixtureManifest(): ClientManifest {
  return {
    version: 'test',
    entities: {
      users: {
        name: 'users',
        table: 'users',
        label: { en: 'Users', ar: 'المستخدمون' },
        fields: {
          name: {
            name: 'name',
            type: 'string',
            label: { en: 'Name', ar: 'الاسم' },
            required: true,
            unique: false,
            rules: [],
            search: true,
            readOnly: false,
          },
          email: {
            name: 'email',
            type: 'email',
            label: { en: 'Email', ar: 'البريد' },
            required: true,
            unique: true,
            rules: ['email'],
            search: true,
            readOnly: false,
          },
          type: {
            name: 'type',
            type: 'integer',
            label: { en: 'Type', ar: 'النوع' },
            required: true,
            unique: false,
            rules: [],
            status: 'user_type',
            search: false,
            readOnly: false,
          },
        },
        access: { read: 'access_users', write: 'manage_users', delete: 'manage_users' },
        search: ['name', 'email'],
        sort: { field: 'name', order: 'asc' },
        softDelete: true,
        timestamps: true,
        expose: true,
      },
    },
    statusTables: {
      user_type: {
        name: 'user_type',
        label: { en: 'User type', ar: 'نوع المستخدم' },
        flags: false,
        statuses: [
          { id: 3, key: 'student', name: 'Student', name_local: 'طالب', color: 'primary' },
          { id: 4, key: 'staff', name: 'Staff', name_local: 'موظف', color: 'success' },
        ],
      },
    },
    permissions: {},
    roles: {},
    rules: {
      email: {
        name: 'email',
        format: 'email',
        message: { en: 'Email must be written correctly', ar: 'يجب كتابة البريد بشكل صحيح' },
      },
      national_id: {
        name: 'national_id',
        pattern: '^[0-9]{14}$',
        message: { en: 'The national id must be 14 digits', ar: 'الرقم القومي 14 رقمًا' },
      },
    },
    filters: { digits_only: { name: 'digits_only', allow: '[0-9]' } },
    forms: {
      person: {
        name: 'person',
        title: { en: 'Person', ar: 'شخص' },
        version: 'x',
        fields: [
          {
            name: 'email',
            label: { en: 'Email', ar: 'البريد' },
            schema: { type: 'string' },
            required: true,
            rules: ['email'],
            widget: 'email',
          },
          {
            name: 'national_id',
            label: { en: 'National id', ar: 'الرقم القومي' },
            schema: { type: 'string' },
            required: false,
            rules: ['national_id'],
            filter: 'digits_only',
          },
          {
            name: 'passport',
            label: { en: 'Passport', ar: 'جواز السفر' },
            schema: { type: 'string' },
            required: false,
            rules: [],
            visibleWhen: { field: 'national_id', empty: true },
          },
        ],
        submit: { method: 'POST', path: '/people' },
      },
    },
    wizards: {
      admission_form: {
        name: 'admission_form',
        title: { en: 'Admission', ar: 'القبول' },
        version: 'x',
        tabs: {
          nationality: { name: 'nationality', label: { en: 'Nationality', ar: 'الجنسية' }, form: 'person' },
          personal_info: { name: 'personal_info', label: { en: 'Personal', ar: 'شخصي' }, form: 'person' },
          scholarships: { name: 'scholarships', label: { en: 'Scholarships', ar: 'المنح' }, form: 'person' },
          bachelor_degree: { name: 'bachelor_degree', label: { en: 'Bachelor', ar: 'البكالوريوس' }, form: 'person' },
          payment: { name: 'payment', label: { en: 'Payment', ar: 'الدفع' }, form: 'person' },
        },
        tabSets: {
          param: 'type',
          sets: {
            '1': ['nationality', 'personal_info', 'scholarships', 'payment'],
            '4': ['nationality', 'personal_info', 'bachelor_degree', 'payment'],
          },
          default: '1',
        },
      },
    },
    screens: {
      dashboard: screen({ name: 'dashboard', path: '/dashboard', view: 'dashboard', menu: { icon: 'home' } }),
      'auth-login': screen({
        name: 'auth-login',
        path: '/login/:token?',
        view: 'form',
        form: 'person',
        component: 'auth#Login',
        layout: publicFull,
      }),
      'error-404': screen({ name: 'error-404', path: '/error-404', view: 'page', layout: publicFull }),
      'misc-not-authorized': screen({
        name: 'misc-not-authorized',
        path: '/not-authorized',
        view: 'page',
        layout: publicFull,
      }),
      'users-list': screen({
        name: 'users-list',
        path: '/users',
        view: 'list',
        permission: 'access_users',
        source: { resource: 'users', sort: { field: 'name', order: 'asc' } },
        columns: [
          { field: 'name', label: { en: '', ar: '' } },
          { field: 'email', label: { en: 'E-mail', ar: 'البريد' } },
          { field: 'type', label: { en: '', ar: '' }, badge: 'user_type' },
        ],
        filters: [{ field: 'type', label: { en: 'Type', ar: 'النوع' }, statusTable: 'user_type' }],
        actions: [
          {
            name: 'add',
            label: { en: 'Add', ar: 'إضافة' },
            type: 'navigate',
            route: 'users-edit',
            permission: 'manage_users',
            row: false,
          },
          { name: 'delete', label: { en: 'Delete', ar: 'حذف' }, type: 'delete', row: true, permission: 'manage_users' },
          {
            name: 'export',
            label: { en: 'Export', ar: 'تصدير' },
            type: 'export',
            path: '/users/export',
            fileName: 'Users.xlsx',
            row: false,
          },
        ],
      }),
      'users-edit': screen({
        name: 'users-edit',
        path: '/users/edit/:id?',
        view: 'form',
        form: 'person',
        permission: 'manage_users',
        source: { resource: 'users' },
      }),
      admissionForm: screen({
        name: 'admissionForm',
        path: '/admissionForm/:type/:id/:secretKey/:name?',
        view: 'wizard',
        wizard: 'admission_form',
        layout: { ...noLayout, admission: true },
      }),
      'students-grid': screen({
        name: 'students-grid',
        path: '/students/grid',
        view: 'plugin',
        plugin: 'grid#Grid',
        permission: 'access_users',
      }),
    },
    navigation: {
      main: {
        name: 'main',
        items: [
          { label: { en: 'Dashboard', ar: 'لوحة التحكم' }, icon: 'home', route: 'dashboard', children: [] },
          {
            label: { en: 'Administration', ar: 'الإدارة' },
            icon: 'admin_panel_settings',
            children: [
              { label: { en: 'Users', ar: 'المستخدمون' }, route: 'users-list', children: [] },
              { label: { en: 'Grid', ar: 'الجدول' }, route: 'students-grid', children: [] },
            ],
          },
          { label: { en: 'Edit user', ar: 'تعديل' }, route: 'users-edit', permission: 'manage_users', children: [] },
        ],
      },
    },
  };
}
