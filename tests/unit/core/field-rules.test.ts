/**
 * The shared field rules of the real manifest (screens/system/field-rules.rules.yaml), as both
 * sides check them (engine/core/field-rules.ts): the phone rules of the spec (portal-core and
 * admission-and-grid 5 and 9: Egyptian 11 digits, generic 7-15, a country code and 4-14 more),
 * and the student's mobile number, which takes either way people write it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { checkRule } from '../../../engine/core/field-rules.ts';

const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../.generated/manifest.json'), 'utf8'),
) as Manifest;
const rule = (name: string) => manifest.rules[name]!;

describe('phone rules', () => {
  it('Egyptian: exactly 11 digits; generic: 7 to 15 digits; international: a country code and 4 to 14 more', () => {
    expect(checkRule(rule('egyptian_phone'), '01012345678', {})).toBe(true);
    expect(checkRule(rule('egyptian_phone'), '0101234567', {})).toBe(false);
    expect(checkRule(rule('phone'), '1234567', {})).toBe(true);
    expect(checkRule(rule('phone'), '123456', {})).toBe(false);
    expect(checkRule(rule('phone_international'), '+201012345678', {})).toBe(true);
    expect(checkRule(rule('phone_international'), '01012345678', {})).toBe(false);
  });

  it("a student's mobile: the Egyptian 11 digits or the international form, nothing else", () => {
    expect(manifest.entities.students!.fields.phone!.rules).toEqual(['mobile']);
    for (const ok of ['01012345678', '+201012345678', '201012345678', '+447700900123'])
      expect(checkRule(rule('mobile'), ok, {}), ok).toBe(true);
    for (const bad of ['0101234567', '010123456789', '+0101234567', '12ab', '0'])
      expect(checkRule(rule('mobile'), bad, {}), bad).toBe(false);
    expect(rule('mobile').message.ar).toMatch(/\p{Script=Arabic}/u);
  });
});
