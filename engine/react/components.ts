/**
 * Components a definition may name by string (`<group>#<Export>`), so YAML stays data
 * (STYLE.md point 10). Plugins add theirs through `registerPlugin()`.
 *
 * The sign-in pages name theirs in YAML (`component: auth#Login`): storing the session after
 * sign-in, the Microsoft button, token sign-in and moving on after a password reset are
 * behaviour, while their fields stay in YAML forms.
 */
import type { ComponentType } from 'react';
import type { RendererProps } from './registry/registry.ts';
import { lazyNamed } from './lazy.ts';
import { ADMISSION_COMPONENTS } from './pages/admission/components.ts';
import { FINANCE_COMPONENTS } from './pages/finance/components.ts';
import { REGISTRATION_COMPONENTS } from './pages/registration/components.ts';

// Loaded on demand; their forms are simple, so they draw them with the light form view (no RJSF).
const LoginPage = lazyNamed(() => import('./pages/auth/LoginPage.tsx'), 'LoginPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');

export const ENGINE_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = Object.freeze({
  'auth#Login': LoginPage,
  'auth#ForgotPassword': ForgotPasswordPage,
  'auth#ResetPassword': ResetPasswordPage,
  ...ADMISSION_COMPONENTS,
  ...REGISTRATION_COMPONENTS,
  ...FINANCE_COMPONENTS,
});
