/**
 * The generic resource operations, transport-neutral: each takes the caller and plain
 * input, checks access, applies the row scope, validates, talks to the database, and
 * returns plain data. Routes (routes.ts) only translate HTTP to these calls.
 *
 * Row scope on every verb: a row outside the caller's scope behaves exactly like a row
 * that does not exist (404), so nobody can even learn which ids other people's rows have.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Entity, Manifest } from '../../generator/manifest-types.ts';
import type { RequestUser } from '../auth/user.ts';
import { jsonValue } from '../db/json.ts';
import { uniqueIndexName } from '../db/schema-sync.ts';
import { HttpError, notFound, ValidationError } from '../http/errors.ts';
import {
  dropRecordFiles,
  removeStoredFiles,
  resolveFileValues,
  settleRecordFiles,
  type UploadRow,
} from '../files/record-files.ts';
import { recordAccess } from './access-log.ts';
import { applyScope, requireAccess, rowScope } from './access.ts';
import { mayWriteField, visibleColumns } from './entity-info.ts';
import { applyListFilters, applySortAndPage, parseListBody } from './list-query.ts';
import { buildLookup, relatedRows, type Lookup } from './lookup.ts';
import type { EntityValidator } from './validation.ts';
import { checkWrite } from './write-checks.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sendQueued } from '../workflows/mail.ts';
import { afterCreate, beforeCreate, beforeDelete, beforeUpdate, detailExtras } from '../workflows/operations.ts';

export interface ResourceContext {
  db: Kysely<any>;
  manifest: Manifest;
  validator: EntityValidator;
  user: RequestUser;
  ip: string | null;
  /** Root of the uploads store (records' file fields); without it file bytes are not removed. */
  uploadsDir?: string;
}

type Row = Record<string, unknown>;

function selectRow(
  trx: Transaction<any>,
  entity: Entity,
  user: RequestUser,
  id: number,
  opts: { deleted?: boolean } = {},
) {
  let query = trx.selectFrom(entity.table).select(visibleColumns(entity, user)).where('id', '=', id);
  if (entity.softDelete) query = query.where('deleted_at', opts.deleted ? 'is not' : 'is', null);
  return applyScope(query, rowScope(user, entity));
}

/** The count carried by each page row; stripped before the rows are answered. */
const COUNT_COLUMN = '__rowaq_count';

/**
 * Count and page in one statement; a page past the end has no row to
 * carry the count, so only then a count of its own. No transaction: every statement is
 * consistent on its own, and the lookups only name the rows this page holds.
 */
export async function listRows(
  ctx: ResourceContext,
  entity: Entity,
  body: unknown,
): Promise<{ data: Row[]; meta: { count: number; page: number; perPage: number; lookup: Lookup } }> {
  requireAccess(ctx.user, entity, 'read');
  const params = parseListBody(ctx.manifest, entity, body, ctx.user);
  if (params.trashed !== 'without') requireAccess(ctx.user, entity, 'delete');
  const filtered = (query: SelectQueryBuilder<any, any, any>) =>
    applyScope(applyListFilters(query, entity, params), rowScope(ctx.user, entity));
  const base = filtered(ctx.db.selectFrom(entity.table));
  // With a search, the window count: the search runs once. Without, a count subquery: the
  // page then needs no more than its rows (an index on the sort can serve it), and counting
  // the cheap WHERE twice costs less than the window holding every row.
  const counted = params.search
    ? sql<number>`count(*) over()`.as(COUNT_COLUMN)
    : (eb: ExpressionBuilder<any, any>) =>
        filtered(eb.selectFrom(entity.table))
          .select(sql<number>`count(*)`.as('count'))
          .as(COUNT_COLUMN);
  const rows = await applySortAndPage(base.select(visibleColumns(entity, ctx.user)).select(counted), params).execute();
  let count = 0;
  if (rows.length) count = Number(rows[0]![COUNT_COLUMN]);
  else if (params.page > 1)
    count = Number((await base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirst())?.count ?? 0);
  const data = rows.map(({ [COUNT_COLUMN]: _, ...row }) => row);
  const lookup = await buildLookup(ctx.db, ctx.manifest, entity, ctx.user, data);
  return { data, meta: { count, page: params.page, perPage: params.perPage, lookup } };
}

export async function getRow(ctx: ResourceContext, entity: Entity, id: number): Promise<Row> {
  requireAccess(ctx.user, entity, 'read');
  const row = await ctx.db.transaction().execute((trx) => selectRow(trx, entity, ctx.user, id).executeTakeFirst());
  if (!row) throw notFound();
  return row;
}

export async function getDetails(
  ctx: ResourceContext,
  entity: Entity,
  id: number,
): Promise<{ data: Row; related: Record<string, Row | null>; meta: { lookup: Lookup } }> {
  requireAccess(ctx.user, entity, 'read');
  return ctx.db.transaction().execute(async (trx) => {
    const row = await selectRow(trx, entity, ctx.user, id).executeTakeFirst();
    if (!row) throw notFound();
    const related = await relatedRows(trx, ctx.manifest, entity, ctx.user, row, (target, refId) =>
      selectRow(trx, target, ctx.user, refId).executeTakeFirst(),
    );
    const lookup = await buildLookup(trx, ctx.manifest, entity, ctx.user, [row]);
    const flow = entity.workflow
      ? await detailExtras({ trx, m: ctx.manifest, entity, user: ctx.user }, await fullRow(trx, entity, id))
      : {};
    return { data: { ...row, ...flow }, related, meta: { lookup } };
  });
}

/**
 * A domain's own check of a generic write (registrations: which fields may change, the mark's
 * maximum), run in the write's transaction once the stored row is read, before the entity's
 * checks: `body` is the request body as sent (read-only fields included), `stored` the row
 * (null on create). It throws to refuse.
 */
export type WriteGuard = (trx: Transaction<any>, write: { body: Row; stored: Row | null }) => Promise<void>;

/** PUT /{resource}/{id?}: create without id, partial update with one. */
export async function saveRow(
  ctx: ResourceContext,
  entity: Entity,
  id: number | null,
  body: unknown,
  guard?: WriteGuard,
): Promise<{ data: Row; created: boolean }> {
  requireAccess(ctx.user, entity, id === null ? 'create' : 'update');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
  body = withoutUnwritable(entity, ctx.user, body as Row);
  const scope = rowScope(ctx.user, entity);
  let dropped: UploadRow[] = [];
  const mails: MailMessage[] = [];
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const stored = id === null ? null : await selectRow(trx, entity, ctx.user, id).executeTakeFirst();
    if (id !== null && !stored) throw notFound();
    // A scoped caller writes only their own rows: the scope column is theirs, whatever was sent.
    if (scope?.value === null) throw new HttpError(403, 'forbidden');
    if (guard) await guard(trx, { body: body as Row, stored: stored ?? null });
    const input =
      scope && entity.fields[scope.column] ? { ...(body as Row), [scope.column]: scope.value } : (body as Row);
    const values = ctx.validator.check(entity, input, stored ?? null);
    if (scope) values[scope.column] = scope.value;
    if (stored === null) applyInitialStatuses(ctx.manifest, entity, values);
    const flow = { trx, m: ctx.manifest, entity, user: ctx.user, mails };
    if (entity.workflow && stored) beforeUpdate(flow, await fullRow(trx, entity, id!), values);
    else if (entity.workflow) await beforeCreate(flow, values);
    await checkWrite(trx, ctx.manifest, entity, ctx.user, values, stored ?? null);
    const attach = await resolveFileValues(trx, entity, values, id, ctx.user.id ?? null);
    const dbValues = toDbValues(entity, values);
    let savedId: number;
    await withUniqueMessages(entity, async () => {
      if (stored) {
        if (entity.timestamps) dbValues.updated_at = sql`now()`;
        if (Object.keys(dbValues).length)
          await trx.updateTable(entity.table).set(dbValues).where('id', '=', id).execute();
        savedId = id!;
      } else {
        const inserted = Object.keys(dbValues).length
          ? await trx.insertInto(entity.table).values(dbValues).returning('id').executeTakeFirstOrThrow()
          : await trx.insertInto(entity.table).defaultValues().returning('id').executeTakeFirstOrThrow();
        savedId = Number(inserted.id);
      }
    });
    dropped = await settleRecordFiles(trx, entity, savedId!, values, attach);
    if (entity.workflow && !stored) await afterCreate(flow, savedId!);
    await recordAccess(trx, ctx.manifest, {
      user: ctx.user,
      action: stored ? 'update' : 'create',
      resource: entity.name,
      recordId: savedId!,
      ip: ctx.ip,
    });
    const data = await trx
      .selectFrom(entity.table)
      .select(visibleColumns(entity, ctx.user))
      .where('id', '=', savedId!)
      .executeTakeFirstOrThrow();
    return { data, created: !stored };
  });
  await removeStoredFiles(ctx.uploadsDir, dropped);
  await sendQueued(ctx.manifest, mails);
  return saved;
}

export async function deleteRow(ctx: ResourceContext, entity: Entity, id: number): Promise<{ id: number }> {
  requireAccess(ctx.user, entity, 'delete');
  let dropped: UploadRow[] = [];
  const mails: MailMessage[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await selectRow(trx, entity, ctx.user, id).executeTakeFirst();
    if (!row) throw notFound();
    // An owner's delete under a workflow is a cancel, which may move the record instead.
    const flow = { trx, m: ctx.manifest, entity, user: ctx.user, mails };
    if (entity.workflow && !(await beforeDelete(flow, await fullRow(trx, entity, id)))) {
      await recordAccess(trx, ctx.manifest, {
        user: ctx.user,
        action: 'cancel',
        resource: entity.name,
        recordId: id,
        ip: ctx.ip,
      });
      return { id };
    }
    if (entity.softDelete)
      await trx
        .updateTable(entity.table)
        .set({ deleted_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    else {
      // A trashed record keeps its files (it may be restored); one deleted for good loses them.
      dropped = await dropRecordFiles(trx, entity, id);
      await trx.deleteFrom(entity.table).where('id', '=', id).execute();
    }
    await recordAccess(trx, ctx.manifest, {
      user: ctx.user,
      action: 'delete',
      resource: entity.name,
      recordId: id,
      ip: ctx.ip,
    });
    return { id };
  });
  await removeStoredFiles(ctx.uploadsDir, dropped);
  await sendQueued(ctx.manifest, mails);
  return result;
}

/** The whole stored row (server-only fields too), for the workflow's checks; locked for the write. */
export async function fullRow(trx: Transaction<any>, entity: Entity, id: number): Promise<Row> {
  return trx.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function restoreRow(ctx: ResourceContext, entity: Entity, id: number): Promise<Row> {
  requireAccess(ctx.user, entity, 'delete');
  if (!entity.softDelete) throw notFound();
  return ctx.db.transaction().execute(async (trx) => {
    const deleted = await selectRow(trx, entity, ctx.user, id, { deleted: true }).executeTakeFirst();
    if (!deleted) {
      // Restoring a live row is a no-op, not an error: a double click must not fail.
      const live = await selectRow(trx, entity, ctx.user, id).executeTakeFirst();
      if (live) return live;
      throw notFound();
    }
    await uniqueStillFree(trx, entity, deleted);
    await trx.updateTable(entity.table).set({ deleted_at: null }).where('id', '=', id).execute();
    await recordAccess(trx, ctx.manifest, {
      user: ctx.user,
      action: 'restore',
      resource: entity.name,
      recordId: id,
      ip: ctx.ip,
    });
    return trx
      .selectFrom(entity.table)
      .select(visibleColumns(entity, ctx.user))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  });
}

/** A field whose `access.write` the caller lacks is ignored, as a read-only field is. */
function withoutUnwritable(entity: Entity, user: RequestUser, body: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(body)) {
    const field = Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;
    if (!field || mayWriteField(user, field)) out[key] = value;
  }
  return out;
}

/** A status field left empty on create starts at its table's `initial` status. */
function applyInitialStatuses(manifest: Manifest, entity: Entity, values: Row): void {
  for (const field of Object.values(entity.fields)) {
    if (!field.status || field.default !== undefined || (values[field.name] ?? null) !== null) continue;
    const table = manifest.statusTables[field.status];
    const initial = table?.initial && table.statuses.find((s) => s.key === table.initial);
    if (initial) values[field.name] = initial.id;
  }
}

function toDbValues(entity: Entity, values: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] =
      (entity.fields[name]?.type === 'json' || entity.fields[name]?.type === 'file') &&
      value !== null &&
      value !== undefined
        ? jsonValue(value)
        : value;
  }
  return out;
}

/** The checks ran before the write, but two writers can race: map the index violation too. */
async function withUniqueMessages(entity: Entity, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505') {
      const field = Object.values(entity.fields).find(
        (f) => f.unique && uniqueIndexName(entity.table, f.name) === constraint,
      );
      if (field) throw ValidationError.single(field.name, { key: 'unique' });
    }
    throw error;
  }
}

async function uniqueStillFree(trx: Transaction<any>, entity: Entity, row: Row): Promise<void> {
  for (const field of Object.values(entity.fields)) {
    if (!field.unique || row[field.name] === null || row[field.name] === undefined) continue;
    const clash = await trx
      .selectFrom(entity.table)
      .select('id')
      .where(field.name, '=', row[field.name])
      .where('deleted_at', 'is', null)
      .where('id', '<>', row.id as number)
      .executeTakeFirst();
    if (clash) throw ValidationError.single(field.name, { key: 'unique' });
  }
}
