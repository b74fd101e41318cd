import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { type ChangeFeed, writtenTables } from './change-feed.ts';

/** Tells the feed which tables each statement of this process writes. */
class WatchedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  private readonly feed: ChangeFeed;
  /** Tables written inside the open transaction, reported again when it ends. */
  pending: Set<string> | null = null;
  pendingUnknown = false;

  constructor(inner: DatabaseConnection, feed: ChangeFeed) {
    this.inner = inner;
    this.feed = feed;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const tables = writtenTables(compiledQuery.sql);
    this.feed.statements += 1;
    try {
      return await this.inner.executeQuery<R>(compiledQuery);
    } finally {
      // Reported even when the statement fails: a failed statement may have written part of its work.
      if (tables === null || tables.length > 0) this.note(tables);
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const tables = writtenTables(compiledQuery.sql);
    this.feed.statements += 1;
    if (tables === null || tables.length > 0) this.note(tables);
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }

  private note(tables: string[] | null): void {
    this.feed.changed(tables);
    if (!this.pending) return;
    if (tables === null) this.pendingUnknown = true;
    else for (const table of tables) this.pending.add(table);
  }

  /** At commit or rollback: readers that ran during the transaction saw the old rows. */
  endTransaction(): void {
    if (this.pendingUnknown) this.feed.changed(null);
    else if (this.pending && this.pending.size > 0) this.feed.changed([...this.pending]);
    this.pending = null;
    this.pendingUnknown = false;
  }
}

class WatchedDriver implements Driver {
  private readonly inner: Driver;
  private readonly feed: ChangeFeed;
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(inner: Driver, feed: ChangeFeed) {
    this.inner = inner;
    this.feed = feed;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.feed);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = new Set();
    watched.pendingUnknown = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      watched.endTransaction();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.endTransaction();
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported');
    await this.inner.savepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported');
    await this.inner.rollbackToSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported');
    await this.inner.releaseSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A dialect whose every statement is reported to the change feed. */
export class WatchedDialect implements Dialect {
  private readonly inner: Dialect;
  private readonly feed: ChangeFeed;

  constructor(inner: Dialect, feed: ChangeFeed) {
    this.inner = inner;
    this.feed = feed;
  }

  createDriver(): Driver {
    return new WatchedDriver(this.inner.createDriver(), this.feed);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
