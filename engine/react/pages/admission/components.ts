/**
 * The admission area's named components (`admission#<Name>`), merged into ENGINE_COMPONENTS. Each is
 * loaded on demand (lazyNamed) so that no other screen pays for it.
 */
import type { ComponentType } from 'react';
import { lazyNamed } from '../../lazy.ts';
import type { RendererProps } from '../../registry/registry.ts';

const ApplyPage = lazyNamed(() => import('./ApplyPage.tsx'), 'ApplyPage');
const ApplicationFormPage = lazyNamed(() => import('./ApplicationFormPage.tsx'), 'ApplicationFormPage');
const ApplicantDashboardPage = lazyNamed(() => import('./ApplicantDashboardPage.tsx'), 'ApplicantDashboardPage');
const ApplySuccessPage = lazyNamed(() => import('./ApplySuccessPage.tsx'), 'ApplySuccessPage');
const ApplicantReviewPage = lazyNamed(() => import('./ApplicantReviewPage.tsx'), 'ApplicantReviewPage');

export const ADMISSION_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = {
  'admission#Apply': ApplyPage,
  'admission#ApplicationForm': ApplicationFormPage,
  'admission#ApplicantDashboard': ApplicantDashboardPage,
  'admission#ApplySuccess': ApplySuccessPage,
  'admission#ApplicantReview': ApplicantReviewPage,
};
