/** The list rules of a mark distribution: total_grade (weights total 100) and criteria_not_repeated, as the form and the server check them. */
import { describe, expect, it } from 'vitest';
import { checkRule } from '../../../engine/core/field-rules.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

const rules = CLIENT_MANIFEST.rules!;

describe('mark distribution rules', () => {
  it('total_grade: the weights total exactly 100', () => {
    const total = rules.total_grade!;
    expect(total.message.en).toBe('The total grade must be 100');
    expect(
      checkRule(total, [
        { category_id: 1, weight: 40 },
        { category_id: 5, weight: 60 },
      ]),
    ).toBe(true);
    expect(
      checkRule(total, [
        { category_id: 1, weight: 33.33 },
        { category_id: 2, weight: 33.33 },
        { category_id: 5, weight: 33.34 },
      ]),
    ).toBe(true);
    expect(
      checkRule(total, [
        { category_id: 1, weight: 40 },
        { category_id: 5, weight: 50 },
      ]),
    ).toBe(false);
    expect(checkRule(total, [{ category_id: 1, weight: 'x' }])).toBe(false);
  });

  it('criteria_not_repeated: every row names its category, none twice', () => {
    const criteria = rules.criteria_not_repeated!;
    expect(
      checkRule(criteria, [
        { category_id: 1, weight: 50 },
        { category_id: 5, weight: 50 },
      ]),
    ).toBe(true);
    expect(
      checkRule(criteria, [
        { category_id: 1, weight: 50 },
        { category_id: 1, weight: 50 },
      ]),
    ).toBe(false);
    expect(checkRule(criteria, [{ weight: 100 }])).toBe(false);
    expect(checkRule(criteria, 'midterm')).toBe(false);
  });

  it('the mark distribution form carries both rules', () => {
    const field = CLIENT_MANIFEST.forms.mark_distribution!.fields.find((f) => f.name === 'mark_distribution');
    expect(field?.rules).toEqual(['criteria_not_repeated', 'total_grade']);
  });

  it('ssn: 1 to 3 characters', () => {
    const ssn = rules.ssn!;
    expect(checkRule(ssn, 'MT')).toBe(true);
    expect(checkRule(ssn, 'FINL')).toBe(false);
  });
});
