import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { visibleMenu } from '../../../engine/react/shell/navigation.ts';
import { hasMenuIcon } from '../../../engine/react/shell/icons.tsx';
import { readdirSync, statSync } from 'node:fs';
import { hrefFor, toRouterPath } from '../../../engine/react/router/paths.ts';
import { targetHref } from '../../../engine/react/router/guard-loader.ts';
import { snackbarOptions } from '../../../engine/react/toasts/Toaster.tsx';
import { errorToast, successToast } from '../../../engine/core/toasts.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const manifest = fixtureManifest();

describe('navigation menu', () => {
  it('shows only what the user may open, and drops empty groups', () => {
    const student = visibleMenu(manifest, { typeName: 'Student', permissions: [] });
    expect(student.map((e) => e.route ?? e.label.en)).toEqual(['dashboard']);
    const staff = visibleMenu(manifest, { typeName: 'Staff', permissions: ['access_users'] });
    expect(staff.map((e) => e.route ?? e.label.en)).toEqual(['dashboard', 'Administration']);
    expect(staff[1].children.map((c) => c.href)).toEqual(['/users', '/students/grid']);
    const admin = visibleMenu(manifest, { typeName: 'Staff', permissions: ['access_users', 'manage_users'] });
    expect(admin.at(-1)?.href).toBe('/users/edit'); // optional parameter left out
    expect(visibleMenu(manifest, null)).toEqual([]);
  });
  it('only-payments mode keeps only the payment screens', () => {
    const subject = { typeName: 'Staff', permissions: ['access_users', 'manage_users'] };
    expect(visibleMenu(manifest, subject, 'main', true)).toEqual([]);
    const withPayments = fixtureManifest();
    withPayments.screens.payments = { ...withPayments.screens.dashboard!, name: 'payments', path: '/payments' };
    withPayments.navigation.main!.items.push({
      label: { en: 'Payments', ar: 'المدفوعات' },
      route: 'payments',
      children: [],
    });
    expect(visibleMenu(withPayments, subject, 'main', true).map((e) => e.href)).toEqual(['/payments']);
    expect(visibleMenu(withPayments, subject, 'main', false).length).toBeGreaterThan(1);
  });
});

describe('route paths', () => {
  it('converts manifest paths and fills them', () => {
    expect(toRouterPath('/students/{id}')).toBe('/students/:id');
    expect(toRouterPath('/my_theses/edit/{id?}/')).toBe('/my_theses/edit/:id?');
    expect(toRouterPath('/login/:token?')).toBe('/login/:token?');
    expect(hrefFor(manifest, 'admissionForm', { type: 1, id: 5, secretKey: 'k', name: 'nationality' })).toBe(
      '/admissionForm/1/5/k/nationality',
    );
    expect(hrefFor(manifest, 'admissionForm', { type: 1 })).toBeUndefined();
    expect(hrefFor(manifest, 'nope')).toBeUndefined();
  });

  it('turns guard targets into addresses, unknown routes to error-404', () => {
    expect(targetHref(manifest, { name: 'auth-login', query: { code: 'c', state: 's' } })).toBe(
      '/login?code=c&state=s',
    );
    expect(targetHref(manifest, { name: 'no-such-route' })).toBe('/error-404');
  });
});

describe('toasts as the spec says', () => {
  it('error: 5 s, close button, top-left in English, top-right in Arabic, fallback text', () => {
    const en = snackbarOptions(errorToast(undefined, { locale: 'en' }));
    expect(en).toMatchObject({
      variant: 'error',
      autoHideDuration: 5000,
      anchorOrigin: { vertical: 'top', horizontal: 'left' },
    });
    expect(en.action).toBeTypeOf('function');
    expect(errorToast(undefined, { locale: 'en' })).toMatchObject({ title: 'error', message: 'Something went wrong' });
    const ar = errorToast({ en: 'No place', ar: 'لا يوجد مكان' }, { locale: 'ar', suffix: '(2)' });
    expect(ar.message).toBe('لا يوجد مكان (2)');
    expect(snackbarOptions(ar).anchorOrigin.horizontal).toBe('right');
  });

  it('success: 3 s, no close button, fallback "Operation successful"', () => {
    const s = successToast(undefined, { locale: 'en' });
    expect(s).toMatchObject({ title: 'Success', message: 'Operation successful' });
    expect(snackbarOptions(s)).toMatchObject({ autoHideDuration: 3000, action: undefined });
  });
});

describe('the real menu: payments', () => {
  const real = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../.generated/client-manifest.json'), 'utf8'),
  ) as ClientManifest;
  const rolePermissions = (role: string): string[] => {
    const text = readFileSync(
      path.resolve(import.meta.dirname, `../../../screens/admin/roles/${role}.role.yaml`),
      'utf8',
    );
    return (parseYaml(text) as { permissions: string[] }).permissions;
  };
  const hrefs = (entries: ReturnType<typeof visibleMenu>): string[] =>
    entries.flatMap((e) => [e.href ?? '', ...hrefs(e.children)]).filter(Boolean);
  const paymentsFor = (role: string, typeName = 'Staff') =>
    hrefs(visibleMenu(real, { typeName, permissions: rolePermissions(role) })).filter((h) => h === '/payments');

  it('a student and finance staff find the installments once; staff without payments are not shown an empty list', () => {
    expect(paymentsFor('student', 'Student')).toEqual(['/payments']);
    expect(paymentsFor('finance-officer')).toEqual(['/payments']);
    expect(paymentsFor('admin')).toEqual(['/payments']);
    for (const role of ['instructor', 'advisor', 'registrar']) expect(paymentsFor(role), role).toEqual([]);
  });
});

describe('screens that exist only under a university setting (visibleWhen)', () => {
  const real = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../.generated/client-manifest.json'), 'utf8'),
  ) as ClientManifest;
  const student = {
    typeName: 'Student',
    permissions: (
      parseYaml(
        readFileSync(path.resolve(import.meta.dirname, '../../../screens/admin/roles/student.role.yaml'), 'utf8'),
      ) as { permissions: string[] }
    ).permissions,
  };
  const hrefs = (entries: ReturnType<typeof visibleMenu>): string[] =>
    entries.flatMap((e) => [e.href ?? '', ...hrefs(e.children)]).filter(Boolean);

  it('the attendance scanner is in the menu only while attendance_with_qr_code is "true", and not while the settings are unknown', () => {
    expect(real.screens.attendance?.visibleWhen).toEqual({ setting: 'attendance_with_qr_code', equals: 'true' });
    expect(hrefs(visibleMenu(real, student, 'main', false, { attendance_with_qr_code: 'true' }))).toContain(
      '/attendance',
    );
    expect(hrefs(visibleMenu(real, student, 'main', false, { attendance_with_qr_code: 'false' }))).not.toContain(
      '/attendance',
    );
    expect(hrefs(visibleMenu(real, student, 'main', false, null))).not.toContain('/attendance');
    // a screen without visibleWhen does not depend on the settings
    expect(hrefs(visibleMenu(real, student, 'main', false, null))).toContain('/payments');
  });
});

describe('menu icons', () => {
  it('every icon the YAML names is drawn (an unknown name would draw a dot)', () => {
    const root = path.resolve(import.meta.dirname, '../../../screens');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = path.join(dir, n);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.yaml') ? [p] : [];
      });
    const named = new Set(
      files(root).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bicon: ([a-z_]+)/g)].map((m) => m[1]!)),
    );
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((name) => !hasMenuIcon(name))).toEqual([]);
  });
});
