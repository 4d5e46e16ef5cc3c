/**
 * A foreign key violation that reaches the error handler (a write that skipped the checks, or
 * lost a race with a delete): an INSERT or UPDATE naming a row that does not exist is a 422
 * field error ('The selected item does not exist') on the column the database names; a DELETE
 * of a row others still refer to stays 409 'in use'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { foreignKeyError } from '../../server/http/error-handler.ts';
import { BACKENDS, call, openTestDatabase, type TestDatabase } from './harness.ts';
import { fixtureManifest } from './fixtures/manifest.ts';

describe('foreignKeyError', () => {
  it('tells a missing referenced row (and its column) from a row still referenced', () => {
    expect(
      foreignKeyError({ code: '23503', detail: 'Key (student_id)=(99999999) is not present in table "students".' }),
    ).toEqual({ field: 'student_id' });
    expect(foreignKeyError({ code: '23503', detail: 'Key ("odd name")=(5) is not present in table "x".' })).toEqual({
      field: 'odd name',
    });
    expect(foreignKeyError({ code: '23503', detail: 'Key (a, b)=(1, 2) is not present in table "x".' })).toEqual({
      field: null,
    });
    expect(
      foreignKeyError({
        code: '23503',
        message: 'insert or update on table "b" violates foreign key constraint "b_a_id_fkey"',
      }),
    ).toEqual({ field: null });
    expect(
      foreignKeyError({ code: '23503', detail: 'Key (id)=(5) is still referenced from table "students".' }),
    ).toBeNull();
    expect(
      foreignKeyError({
        code: '23503',
        message: 'update or delete on table "a" violates foreign key constraint "b_a_id_fkey" on table "b"',
      }),
    ).toBeNull();
  });
});

describe.each(BACKENDS)('foreign key violations answered on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let faculty: number;
  let studentId: number;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, fixtureManifest, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: fixtureManifest,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      clientDir: null,
      // Writes straight to the database, past every check, as a racing write would reach it.
      domains: [
        {
          name: 'raw-writes',
          plugin: async (sub) => {
            sub.put('/test/student', async () => {
              await db.insertInto('students').values({ code: 'FK1', name: 'Nobody', faculty_id: 999999 }).execute();
              return { data: 'written' };
            });
            sub.put('/test/student/move', async () => {
              await db.updateTable('students').set({ faculty_id: 888888 }).where('id', '=', studentId).execute();
              return { data: 'written' };
            });
            sub.delete('/test/faculty', async () => {
              await db.deleteFrom('faculties').where('id', '=', faculty).execute();
              return { data: 'deleted' };
            });
          },
        },
      ],
    });
    await app.ready();
    faculty = Number(
      (
        await db
          .insertInto('faculties')
          .values({ code: 'FKF', name: 'Referenced' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    studentId = Number(
      (
        await db
          .insertInto('students')
          .values({ code: 'FK0', name: 'Somebody', faculty_id: faculty })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('an INSERT naming a missing row: 422 on its column, English and Arabic', async () => {
    const en = await call(app, 'PUT', '/api/sis/test/student', { body: {} });
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      errors: { faculty_id: ['The selected item does not exist'] },
      message: 'Please Check Inputs Errors, And Try Again',
    });
    const ar = await call(app, 'PUT', '/api/sis/test/student', { body: {}, lang: 'ar' });
    expect(ar.status).toBe(422);
    expect(ar.body).toEqual({
      errors: { faculty_id: ['العنصر المختار غير موجود'] },
      message: 'يرجى مراجعة أخطاء المدخلات والمحاولة مرة أخرى',
    });
    expect(await db.selectFrom('students').select('id').where('code', '=', 'FK1').execute()).toEqual([]);
  });

  it('an UPDATE naming a missing row: the same; a DELETE of a row still referenced stays 409 "in use"', async () => {
    const res = await call(app, 'PUT', '/api/sis/test/student/move', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ faculty_id: ['The selected item does not exist'] });
    const del = await call(app, 'DELETE', '/api/sis/test/faculty');
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ error: 'This record is used by other records and cannot be deleted' });
  });
});
