/**
 * A choice field's `only` / `when` in the browser: the admission payment tab (the real compiled
 * form) offers no wallet, and bank transfer to non-Egyptians only; a chosen choice that stops
 * being offered is cleared and never sent.
 */
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { clientManifest } from '../../../.generated/client-manifest.ts';
import { buildFormSchema, submittedData } from '../../../engine/react/renderers/form/form-model.ts';
import { choiceOffered, offeredStatuses, withoutRefusedChoices } from '../../../engine/core/choices.ts';
import { choicesOf } from '../../../engine/react/renderers/form/simple-form.ts';
import type { FormField } from '../../../generator/manifest-types.ts';

const form = clientManifest.forms.admission_payment!;
const EGYPT = 64;

function offeredIds(record: Record<string, unknown>, language = 'en'): unknown[] {
  const { schema } = buildFormSchema(form, clientManifest, language, { record });
  return (choicesOf(schema.properties!.payment_option_id as RJSFSchema) ?? []).map((c) => c.value);
}

describe('choice options in the form model', () => {
  it('offers the table statuses listed in only, and bank transfer only when its condition holds', () => {
    expect(offeredIds({ nationality_id: EGYPT })).toEqual([1, 2, 4]);
    expect(offeredIds({ nationality_id: 20 })).toEqual([1, 2, 4, 5]);
    // Titles stay the table's names, in the language.
    const { schema } = buildFormSchema(form, clientManifest, 'ar', { record: { nationality_id: 20 } });
    expect(choicesOf(schema.properties!.payment_option_id as RJSFSchema)?.map((c) => c.label)).toContain(
      'تحويل بنكي (لغير المصريين)',
    );
  });

  it('clears a chosen value that stops being offered, keeping the record object when nothing changes', () => {
    const foreign = { nationality_id: 20, payment_option_id: 5, payment_reference: 'TR-1' };
    expect(withoutRefusedChoices(form, foreign, {})).toBe(foreign);
    expect(withoutRefusedChoices(form, { ...foreign, nationality_id: EGYPT }, {})).toEqual({
      nationality_id: EGYPT,
      payment_reference: 'TR-1',
    });
    expect(withoutRefusedChoices(form, { nationality_id: 20, payment_option_id: 3 }, {})).toEqual({
      nationality_id: 20,
    });
  });

  it('never sends a refused choice', () => {
    expect(submittedData(form, { nationality_id: EGYPT, payment_option_id: 5, payment_reference: 'TR-1' }, {})).toEqual(
      { nationality_id: EGYPT },
    );
    expect(submittedData(form, { nationality_id: EGYPT, payment_option_id: 1 }, {})).toEqual({
      nationality_id: EGYPT,
      payment_option_id: 1,
    });
  });

  it('the rule: ids as numbers or texts, empty values left to required, fields without only/when untouched', () => {
    const field: Pick<FormField, 'options'> = {
      options: { status: 'payment_option', only: [1, 2], when: { 2: { param: 'type', equals: '1' } } },
    };
    expect(choiceOffered(field, '1', {})).toBe(true);
    expect(choiceOffered(field, 3, {})).toBe(false);
    expect(choiceOffered(field, 2, { params: { type: '2' } })).toBe(false);
    expect(choiceOffered(field, 2, { params: { type: '1' } })).toBe(true);
    expect(choiceOffered(field, 'x', {})).toBe(false);
    expect(choiceOffered(field, undefined, {})).toBe(true);
    expect(choiceOffered({ options: { status: 'payment_option' } }, 3, {})).toBe(true);
    expect(offeredStatuses(field, [{ id: 1 }, { id: 2 }, { id: 3 }], {})).toEqual([{ id: 1 }]);
  });

  it('nothing offered: no choice to pick rather than every status', () => {
    const none = {
      ...form,
      fields: form.fields.map((f) =>
        f.name === 'payment_option_id' ? { ...f, options: { ...f.options, only: [5] } } : f,
      ),
    };
    const { schema } = buildFormSchema(none, clientManifest, 'en', { record: { nationality_id: EGYPT } });
    expect(choicesOf(schema.properties!.payment_option_id as RJSFSchema)).toEqual([]);
  });
});
