/**
 * The PGlite Kysely dialect: one connection under a mutex, so concurrent transactions run
 * one after another and never see each other's uncommitted rows; a failed transaction
 * rolls back; savepoints work; multi-statement text (migration files) runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { Mutex } from '../../server/db/pglite-dialect.ts';
import { openDatabase, type Database } from '../../server/db/open.ts';

describe('PGlite dialect', () => {
  let database: Database;
  let db: Kysely<any>;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    db = database.db;
    await sql`create table counter (id int primary key, n int not null)`.execute(db);
    await db.insertInto('counter').values({ id: 1, n: 0 }).execute();
  });
  afterAll(async () => {
    await database.close();
  });

  it('serialises concurrent read-modify-write transactions: no lost update', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const { n } = await trx.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
          await new Promise((r) => setTimeout(r, 1));
          await trx
            .updateTable('counter')
            .set({ n: n + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    expect((await db.selectFrom('counter').select('n').executeTakeFirstOrThrow()).n).toBe(20);
  });

  it('rolls back a failed transaction and keeps serving', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counter').set({ n: 999 }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.selectFrom('counter').select('n').executeTakeFirstOrThrow()).n).toBe(20);
    await expect(db.insertInto('counter').values({ id: 1, n: 1 }).execute()).rejects.toMatchObject({ code: '23505' });
    expect((await db.selectFrom('counter').select('n').executeTakeFirstOrThrow()).n).toBe(20);
  });

  it('supports savepoints', async () => {
    const trx = await db.startTransaction().execute();
    const sp = await trx.savepoint('inner').execute();
    await sp.updateTable('counter').set({ n: -1 }).execute();
    await sp.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    expect((await db.selectFrom('counter').select('n').executeTakeFirstOrThrow()).n).toBe(20);
  });

  it('runs several statements in one text and reports affected rows', async () => {
    await sql.raw('create table many (x int); insert into many values (1), (2);').execute(db);
    const result = await db.updateTable('many').set({ x: 3 }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });

  it('hands the lock out in request order', async () => {
    const mutex = new Mutex();
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map(async (i) => {
        const release = await mutex.lock();
        order.push(i);
        await new Promise((r) => setTimeout(r, 3 - i));
        release();
      }),
    );
    expect(order).toEqual([1, 2, 3]);
  });
});

describe('PGlite mutex timeout', () => {
  it('rejects a waiter after the timeout and passes its turn on', async () => {
    const mutex = new Mutex();
    const first = await mutex.lock();
    await expect(mutex.lock(20)).rejects.toThrow(/Use the transaction's `trx`/);
    const third = mutex.lock(1000);
    first();
    const release = await third;
    release();
  });
});
