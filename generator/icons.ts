/**
 * Menu icon names as YAML writes them (`school`, `qr_code_scanner`): the Material icon's name
 * in snake case. A name is known when @mui/icons-material, as installed, has that icon, so a
 * typo is an error of `npm run gen` instead of a dot in the menu.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const VARIANTS = /(Outlined|Rounded|Sharp|TwoTone)$/;

export function iconComponentName(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

let installed: Set<string> | undefined;

/** snake_case names of the installed icons (one per icon, variants left out); empty when the package is missing. */
export function installedIcons(): Set<string> {
  if (installed) return installed;
  installed = new Set();
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@mui/icons-material/package.json'));
    for (const file of fs.readdirSync(dir)) {
      const m = /^([A-Z][A-Za-z0-9]*)\.js$/.exec(file);
      if (!m || VARIANTS.test(m[1]!)) continue;
      installed.add(m[1]!.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase());
    }
  } catch {
    /* no package: nothing can be verified, nothing is refused (see knownIcon) */
  }
  return installed;
}

/** True when the icon exists (or the icon package is not installed, so nothing can be said). */
export function knownIcon(name: string): boolean {
  const all = installedIcons();
  return all.size === 0 || all.has(name);
}
