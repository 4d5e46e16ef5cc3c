/**
 * The core's fixture manifest plus what the sign-in, permission and system domains read, as
 * screens/system and screens/registration declare it: sso_subject, locale and last sign-in on
 * users, one-time passwords, settings, terms, countries and admissions, and a role that may
 * manage user access without being an administrator.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { cloneManifest, entity, field } from '../fixtures/manifest.ts';

export function authManifest(): Manifest {
  const m = cloneManifest();
  const users = m.entities.users!;
  users.fields.sso_subject = field('sso_subject', { type: 'string', serverOnly: true, unique: true });
  users.fields.locale = field('locale', { type: 'string', enum: ['en', 'ar', 'de', 'fr', 'pt'], default: 'en' });
  users.fields.last_login_at = field('last_login_at', { type: 'datetime', readOnly: true });

  m.entities.password_otps = entity(
    'password_otps',
    {
      email: { type: 'email', required: true },
      user_id: { type: 'integer', ref: 'users' },
      otp_hash: { type: 'string', required: true, serverOnly: true },
      expires_at: { type: 'datetime', required: true },
      used_at: { type: 'datetime' },
      attempts: { type: 'integer', default: 0, minimum: 0 },
    },
    { softDelete: false, expose: false },
  );
  m.entities.settings = entity(
    'settings',
    {
      name: { type: 'string', required: true, unique: true, maxLength: 80 },
      value: { type: 'text' },
      public: { type: 'boolean', default: false },
    },
    { access: { read: 'admin_system', write: 'admin_system', delete: 'admin_system' }, softDelete: false },
  );
  m.entities.terms = entity(
    'terms',
    {
      code: { type: 'string', required: true, unique: true, maxLength: 30 },
      name: { type: 'string', required: true },
      name_local: { type: 'string' },
      start_date: { type: 'date', required: true },
      is_current: { type: 'boolean', default: false },
      is_admission_ug: { type: 'boolean', default: false },
      is_admission_pg: { type: 'boolean', default: false },
      is_control: { type: 'boolean', default: false },
      is_exam: { type: 'boolean', default: false },
    },
    {
      access: { read: 'public', write: 'admin_system', delete: 'admin_system' },
      sort: { field: 'start_date', order: 'desc' },
    },
  );
  m.entities.countries = entity(
    'countries',
    {
      code: { type: 'string', required: true, unique: true, maxLength: 3 },
      name: { type: 'string', required: true },
      name_local: { type: 'string' },
    },
    {
      access: { read: 'public', write: 'admin_system', delete: 'admin_system' },
      sort: { field: 'name', order: 'asc' },
      softDelete: false,
    },
  );
  m.entities.admissions = entity(
    'admissions',
    {
      name: { type: 'string', required: true },
      name_local: { type: 'string' },
      active: { type: 'boolean', default: true },
    },
    { access: { read: 'public', write: 'admin_system', delete: 'admin_system' } },
  );

  for (const name of ['manage_user_access', 'access_logs_read']) {
    m.permissions[name] = { name, label: { en: name, ar: name } };
  }
  m.roles.access_manager = {
    name: 'access_manager',
    label: { en: 'Access manager', ar: 'مدير الصلاحيات' },
    userType: 4,
    signatory: false,
    permissions: ['public', 'access_users', 'manage_user_access', 'manage_faculties'],
  };
  return m;
}
