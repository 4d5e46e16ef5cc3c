/**
 * A small Kysely dialect over PGlite 0.5.
 *
 * PGlite is one Postgres backend in this process: it has exactly one connection. Kysely asks
 * its driver for a connection per query, and holds one for a whole transaction, so the
 * driver hands out that single connection under a mutex. A transaction therefore owns the
 * database from BEGIN to COMMIT and other queries wait their turn (serialised, never
 * interleaved into someone else's transaction).
 *
 * Consequence for callers: inside `db.transaction().execute(trx => ...)` use `trx` only;
 * a query on `db` there would wait for the mutex the transaction holds, forever.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A promise-chain mutex: callers get the lock in the order they asked for it. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /**
   * Resolves with the release function once the lock is ours. With `timeoutMs`, rejects
   * instead when the wait is longer; the turn, when it comes, is passed straight on.
   */
  lock(timeoutMs?: number): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    if (!timeoutMs) return ready;
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new Error(WAIT_MESSAGE(timeoutMs)));
      }, timeoutMs);
      void ready.then((r) => {
        if (timedOut) r();
        else {
          clearTimeout(timer);
          resolve(r);
        }
      });
    });
  }
}

/**
 * The usual cause of a long wait is a query on `db` inside `db.transaction()`: it waits for
 * the connection its own transaction holds. Fail loudly rather than hang the server.
 */
export const CONNECTION_WAIT_MS = 30_000;
const WAIT_MESSAGE = (ms: number) =>
  `PGlite: waited ${ms / 1000} s for the database connection. Is a query using \`db\` inside a transaction? Use the transaction's \`trx\` there.`;

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const params = [...compiled.parameters];
    // Without parameters use the simple protocol: it accepts several statements at once,
    // which migration files need; with parameters the extended protocol binds them.
    const result =
      params.length === 0 ? (await this.pg.exec(compiled.sql)).at(-1) : await this.pg.query<R>(compiled.sql, params);
    if (!result) return { rows: [] };
    const command = result.command?.toUpperCase();
    return {
      rows: (result.rows ?? []) as R[],
      numAffectedRows:
        command && WRITE_COMMANDS.has(command) ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported; page with limit/offset instead');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.#connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  #releases: Array<() => void> = [];

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock(CONNECTION_WAIT_MS);
    this.#releases.push(release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) text += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    _compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(): Promise<void> {
    // One connection, one holder at a time: the holder releasing is always the oldest one.
    this.#releases.shift()?.();
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
