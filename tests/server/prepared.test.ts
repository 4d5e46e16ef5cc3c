/**
 * Named prepared statements (server/db/prepared.ts): a registered fixed text is sent by name
 * on PostgreSQL (prepared once per pooled connection), runs as plain text on PGlite, and a
 * name stands for one text only.
 */
import { describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../../server/db/open.ts';
import { preparedNameOf, preparedStatement } from '../../server/db/prepared.ts';
import { BACKENDS } from './harness.ts';

const TEXT = preparedStatement('test_prepared_add_one', 'select $1::int + 1 as v');

describe('prepared statements', () => {
  it('a name stands for exactly one text', () => {
    expect(preparedNameOf(TEXT)).toBe('test_prepared_add_one');
    expect(preparedStatement('test_prepared_add_one', TEXT)).toBe(TEXT);
    expect(() => preparedStatement('test_prepared_add_one', 'select 2')).toThrow(/already registered for another text/);
    expect(preparedNameOf('select $1::int + 2 as v')).toBeUndefined();
  });

  describe.each(BACKENDS)('on $name', (backend) => {
    it('runs a registered text with its parameters, prepared by name on PostgreSQL', async () => {
      // One connection, so the session that prepared the statement is the one asked about it.
      const database = backend.url
        ? await openDatabase({ url: backend.url, maxConnections: 1 })
        : await openDatabase({ memory: true });
      try {
        for (const n of [1, 2, 3]) {
          const { rows } = await database.db.executeQuery<{ v: number }>(CompiledQuery.raw(TEXT, [n]));
          expect(rows).toEqual([{ v: n + 1 }]);
        }
        if (backend.url) {
          const { rows } = await sql<{
            name: string;
            statement: string;
          }>`select name, statement from pg_prepared_statements`.execute(database.db);
          expect(rows).toContainEqual({ name: 'test_prepared_add_one', statement: TEXT });
          // Texts that are not registered still go as unnamed statements.
          expect(rows.map((r) => r.name)).toHaveLength(1);
        }
      } finally {
        await database.close();
      }
    });
  });
});
