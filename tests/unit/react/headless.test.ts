import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// STYLE.md point 1: headless controllers stay apart from MUI views. Stands in for the ESLint
// no-restricted-imports rule until ESLint is installed: follows relative imports transitively.
const ROOT = resolve(__dirname, '../../../engine/react');
const VIEW_PACKAGES = /^(@mui\/|@rjsf\/mui|notistack|@emotion\/)/;

function viewImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
      if (VIEW_PACKAGES.test(spec)) found.push(`${relative(ROOT, file)} -> ${spec}`);
      else if (spec.startsWith('.') && !spec.endsWith('.json')) walk(resolve(dirname(file), spec));
    }
  };
  walk(resolve(ROOT, entry));
  return found;
}

describe('headless controllers', () => {
  for (const entry of [
    'renderers/list/useListController.ts',
    'renderers/form/useFormController.ts',
    'renderers/wizard/useWizardController.ts',
    'renderers/actions.ts',
    'toasts/useToast.ts',
    'shell/navigation.ts',
  ]) {
    it(`${entry} reaches no MUI, Emotion or notistack module`, () => {
      expect(viewImports(entry)).toEqual([]);
    });
  }
});
