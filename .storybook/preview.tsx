/**
 * Every story inside the app's real providers (engine/react/testing/StoryProviders.tsx):
 * i18n and direction (right-to-left Emotion cache for Arabic), theme, manifest, a signed-in
 * session and the API client answering from fixtures. The toolbar's locale (en / ar) picks
 * the language; a story pinning `globals.locale` (ListEnglish, ListArabic) keeps its own.
 */
import type { Decorator, Preview } from '@storybook/react-vite';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/600.css';
import '@fontsource/cairo/700.css';
import { StoryProviders } from '../engine/react/testing/StoryProviders.tsx';
import { FIXTURE_DEFAULTS, type RowaqParameters } from '../stories/fixtures/parameters.ts';

const withRowaq: Decorator = (Story, context) => {
  const locale = context.globals.locale === 'ar' ? 'ar' : 'en';
  const { manifest, rows, figures, ...rest } = (context.parameters.rowaq ?? {}) as RowaqParameters;
  return (
    <StoryProviders
      key={context.id}
      language={locale}
      manifest={manifest ?? FIXTURE_DEFAULTS.manifest}
      rows={rows ?? (manifest ? undefined : FIXTURE_DEFAULTS.rows)}
      figures={figures ?? (manifest ? undefined : FIXTURE_DEFAULTS.figures)}
      {...rest}
    >
      <Story />
    </StoryProviders>
  );
};

const preview: Preview = {
  decorators: [withRowaq],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'LTR' },
          { value: 'ar', title: 'العربية', right: 'RTL' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    controls: { disable: true },
    actions: { disable: true },
  },
};

export default preview;
