/**
 * The fields every entity has without declaring them: the generator adds their columns, and
 * screens may list, filter and sort by them. Their labels live here, once, for the columns of
 * screens that do not name them and for the server's exports.
 */
export const IMPLICIT_FIELD_LABELS: Readonly<Record<string, { en: string; ar: string }>> = {
  id: { en: 'ID', ar: 'المعرّف' },
  created_at: { en: 'Created at', ar: 'تاريخ الإنشاء' },
  updated_at: { en: 'Updated at', ar: 'تاريخ التعديل' },
  deleted_at: { en: 'Deleted at', ar: 'تاريخ الحذف' },
};

export const IMPLICIT_FIELDS: readonly string[] = Object.keys(IMPLICIT_FIELD_LABELS);

/** The label of an implicit field, or undefined for any other name. */
export function implicitFieldLabel(name: string): { en: string; ar: string } | undefined {
  return Object.hasOwn(IMPLICIT_FIELD_LABELS, name) ? IMPLICIT_FIELD_LABELS[name] : undefined;
}
