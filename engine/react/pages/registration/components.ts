/**
 * The registration area's named components (`registration#<Name>`), merged into ENGINE_COMPONENTS. Each is
 * loaded on demand (lazyNamed) so that no other screen pays for it.
 */
import type { ComponentType } from 'react';
import { lazyNamed } from '../../lazy.ts';
import type { RendererProps } from '../../registry/registry.ts';

const lazy = <K extends string>(load: () => Promise<Record<K, ComponentType<RendererProps>>>, name: K) =>
  lazyNamed<RendererProps, K>(load, name);

export const REGISTRATION_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = {
  'registration#Registration': lazy(() => import('./RegistrationPage.tsx'), 'RegistrationPage'),
  'registration#AdvisorRequests': lazy(() => import('./AdvisorRequestsPage.tsx'), 'AdvisorRequestsPage'),
  'registration#StudentAcademic': lazy(() => import('./StudentAcademicPage.tsx'), 'StudentAcademicPage'),
  'registration#MyCourse': lazy(() => import('./MyCoursePage.tsx'), 'MyCoursePage'),
  'registration#Schedule': lazy(() => import('./SchedulePage.tsx'), 'SchedulePage'),
  'registration#StudentProfile': lazy(() => import('./StudentProfilePage.tsx'), 'StudentProfilePage'),
  'registration#StudentShow': lazy(() => import('./StudentShowPage.tsx'), 'StudentShowPage'),
};
