/**
 * The project's own archive (versions/forms/): every form and wizard's current version is
 * archived, so the portal never serves a version a stored record could not be shown with later,
 * and no trial version is committed. The fix for either is `npm run versions` (docs/language.md,
 * "Form versions").
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { archiveState, describeState } from '../../../generator/version-archive.ts';
import { REPO } from './helpers.ts';

describe('versions/forms', () => {
  it('holds the current version of every form and wizard, and no trial version', async () => {
    const compiler = createCompiler({ root: REPO, write: false });
    const result = await compiler.compile();
    expect(result.errors).toEqual([]);
    const state = await archiveState(result.manifest!, path.join(REPO, 'versions'));
    expect(describeState(state, path.join(REPO, 'versions'))).toEqual([]);
  });
});
