import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from '../../../engine/core/index.ts';

const root = join(import.meta.dirname, '../../../engine/core');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('engine/core boundaries', () => {
  it('imports no React and no MUI', () => {
    const offenders = files(root).filter((file) =>
      /from\s+['"](react|react-dom|@mui\/[^'"]*|@emotion\/[^'"]*|notistack|react-router[^'"]*)['"]/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
  it('keeps every file under 400 lines', () => {
    const long = files(root).filter((file) => readFileSync(file, 'utf8').split('\n').length >= 400);
    expect(long).toEqual([]);
  });
  it('exports the public API from index.ts', () => {
    for (const name of [
      'can',
      'guard',
      'afterNavigation',
      'chooseLayout',
      'readListState',
      'listStateToQuery',
      'createApiClient',
      'createSessionStore',
      'createBrowserCookieJar',
      'createMemoryCookieJar',
      'createLanguageStore',
      'createLayoutSettingsStore',
      'createLiveDataPoller',
      'logout',
      'errorToast',
      'successToast',
      'isPaymentDue',
      'badgeColor',
      'applyKeystrokeFilter',
      'direction',
      'errorMessage',
      'firstError',
      'ApiError',
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });
});
