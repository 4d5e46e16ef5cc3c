/**
 * Storybook: the hand-written stories (stories/) and one generated story per screen
 * definition (.generated/stories/, written by stories/generate-screen-stories.ts). The
 * project's vite.config.ts is reused without the generator's plugin: the scripts compile
 * screens/ before Storybook starts, and no recompile-on-change is wanted here.
 */
import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

function withoutGenerator(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? [])
    .flat(Infinity as 1)
    .filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'rowaq-manifest')) as PluginOption[];
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    { directory: '../stories', files: '**/*.stories.tsx' },
    { directory: '../.generated/stories', files: '*.stories.tsx' },
  ],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    return {
      ...viteConfig,
      plugins: withoutGenerator(viteConfig.plugins),
      server: { ...viteConfig.server, proxy: undefined },
      build: { ...viteConfig.build, chunkSizeWarningLimit: 4096, sourcemap: false },
      logLevel: 'warn',
    };
  },
};

export default config;
