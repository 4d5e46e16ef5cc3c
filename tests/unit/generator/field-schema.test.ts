/** The JSON Schema a form gets for an entity field: no analyst `description`; labelled enum values as oneOf. */
import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../generator/manifest-types.ts';
import { fieldSchema } from '../../../generator/sanitize.ts';

const base: EntityField = {
  name: 'x',
  type: 'string',
  label: { en: 'X', ar: 'س' },
  required: false,
  unique: false,
  rules: [],
  search: false,
  serverOnly: false,
  readOnly: false,
};

describe('fieldSchema', () => {
  it("leaves out the field's description (documentation for analysts, never a help text)", () => {
    const schema = fieldSchema({
      ...base,
      type: 'integer',
      ref: 'faculties',
      description: 'Home faculty of a staff member (row scopes by user.faculty_id).',
    });
    expect(schema).toEqual({ type: 'integer' });
  });

  it('an enum with enumLabels becomes oneOf const/title (the drop-down shows English / العربية, not en / ar)', () => {
    const schema = fieldSchema({
      ...base,
      enum: ['en', 'ar'],
      enumLabels: { en: 'English', ar: 'العربية' },
      default: 'en',
    });
    expect(schema).toEqual({
      type: 'string',
      default: 'en',
      oneOf: [
        { const: 'en', title: 'English' },
        { const: 'ar', title: 'العربية' },
      ],
    });
  });

  it('an enum without labels stays an enum', () => {
    expect(fieldSchema({ ...base, enum: ['a', 'b'] })).toEqual({ type: 'string', enum: ['a', 'b'] });
  });
});
