/**
 * Components a definition may name by string (`<group>#<Export>`), so YAML stays data
 * (STYLE.md point 10). Plugins add theirs through `registerPlugin()`.
 *
 * `SCREEN_COMPONENTS` names the component of a few screens whose behaviour the definition
 * language cannot express (storing the session after sign-in, the Microsoft button, token
 * sign-in, moving on after a password reset) while their fields stay in YAML forms. A screen
 * naming a component itself (`plugin: auth#Login`) needs no entry here.
 */
import type { ComponentType } from 'react';
import type { RendererProps } from './registry/registry.ts';
import { lazyNamed } from './lazy.ts';

// Loaded on demand; their forms are simple, so they draw them with the light form view (no RJSF).
const LoginPage = lazyNamed(() => import('./pages/auth/LoginPage.tsx'), 'LoginPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');

export const ENGINE_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = Object.freeze({
  'auth#Login': LoginPage,
  'auth#ForgotPassword': ForgotPasswordPage,
  'auth#ResetPassword': ResetPasswordPage,
});

export const SCREEN_COMPONENTS: Readonly<Record<string, string>> = Object.freeze({
  'auth-login': 'auth#Login',
  'forgot-password': 'auth#ForgotPassword',
  'reset-password': 'auth#ResetPassword',
});
