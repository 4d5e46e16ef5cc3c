/**
 * Saving marks, all or nothing: PUT /grades/sections/{id}/marks and the spreadsheet import both
 * come here with their rows already matched to registrations. Inside one transaction the
 * section's graded registrations are locked and read again, every row is checked (it belongs to
 * the sections, is listed once, its mark passes checkMark against that registration's maximum),
 * and only when every row passes are the changed marks written and the access log row added.
 */
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { addFieldError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { checkMark, markRules } from './marks.ts';
import { rosterOf, writeMarks, type RosterRow } from './store.ts';

export interface MarkInput {
  /** The registration, when the row named one (PUT) or matched one (import). */
  registrationId: number | undefined;
  grade: unknown;
  /** Where an error of the row goes: the answer's field names (`marks.3`) and how a message is worded. */
  field: string;
  /** The field of an error about the student rather than the mark. */
  keyField: string;
}

export interface SaveRequest {
  db: Kysely<any>;
  manifest: Manifest;
  user: RequestUser;
  ip: string | null;
  sectionIds: readonly number[];
  marks: readonly MarkInput[];
  /** What the access log says was done ('grades.save', 'grades.import') and of what. */
  action: string;
  recordId: number;
  /** Rewords a row's message before it is reported (the import prefixes its row number). */
  word?: (input: MarkInput, on: 'key' | 'grade', message: Message) => Message;
}

export interface SaveResult {
  saved: number;
  changed: number;
}

export async function saveMarks(req: SaveRequest): Promise<SaveResult> {
  const rules = markRules(req.manifest);
  return req.db.transaction().execute(async (trx) => {
    const roster = new Map<number, RosterRow>(
      (await rosterOf(trx, req.manifest, req.sectionIds, true)).map((r) => [r.registration_id, r]),
    );
    const errors: FieldErrors = {};
    const say = (input: MarkInput, on: 'key' | 'grade', message: Message) =>
      addFieldError(
        errors,
        on === 'key' ? input.keyField : input.field,
        req.word ? req.word(input, on, message) : message,
      );
    const seen = new Set<number>();
    const writes: { id: number; grade: number | null; before: number | null }[] = [];
    for (const input of req.marks) {
      const row = input.registrationId === undefined ? undefined : roster.get(input.registrationId);
      if (!row) {
        say(input, 'key', { key: 'grades_not_in_section' });
        continue;
      }
      if (seen.has(row.registration_id)) {
        say(input, 'key', { key: 'grades_listed_twice' });
        continue;
      }
      seen.add(row.registration_id);
      const result = checkMark(input.grade, row.max_mark, rules);
      if ('error' in result) {
        say(input, 'grade', result.error);
        continue;
      }
      if (result.value !== row.grade) writes.push({ id: row.registration_id, grade: result.value, before: row.grade });
    }
    // A refused row refuses the whole request: nothing has been written yet.
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const changed = await writeMarks(trx, req.manifest, writes);
    if (writes.length) {
      await recordAccess(trx, req.manifest, {
        user: req.user,
        action: req.action,
        resource: 'registrations',
        recordId: req.recordId,
        ip: req.ip,
        details: {
          sections: req.sectionIds,
          marks: writes.map((w) => ({ registration_id: w.id, from: w.before, to: w.grade })),
        },
      });
    }
    return { saved: req.marks.length, changed };
  });
}
