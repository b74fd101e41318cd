import type { OutboxOp } from './annotation-model.ts';
import { MemoryOutboxStore, type OutboxStore } from './outbox.ts';

/** One database per account: a queue left by one reviewer is never sent under another's session. */
const DB_PREFIX = 'zikao-annotation-outbox-';
const STORE = 'ops';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const opened = new Map<number, Promise<IDBDatabase>>();

function database(userId: number): Promise<IDBDatabase> {
  let db = opened.get(userId);
  if (!db) {
    db = new Promise((resolve, reject) => {
      const open = indexedDB.open(`${DB_PREFIX}${userId}`, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore(STORE, { keyPath: ['documentId', 'seq'] });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    opened.set(userId, db);
  }
  return db;
}

async function run<T>(
  userId: number,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database(userId);
  const tx = db.transaction(STORE, mode);
  const result = await request(work(tx.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  return result;
}

/** The autosave queue in IndexedDB, keyed by document and sequence, so a reload loses nothing. */
export class IdbOutboxStore implements OutboxStore {
  readonly #userId: number;

  constructor(userId: number) {
    this.#userId = userId;
  }

  async load(documentId: number): Promise<OutboxOp[]> {
    const range = IDBKeyRange.bound([documentId, 0], [documentId, Number.MAX_SAFE_INTEGER]);
    return (await run(this.#userId, 'readonly', (store) => store.getAll(range))) as OutboxOp[];
  }

  async put(op: OutboxOp): Promise<void> {
    await run(this.#userId, 'readwrite', (store) => store.put(op));
  }

  async remove(op: OutboxOp): Promise<void> {
    await run(this.#userId, 'readwrite', (store) => store.delete([op.documentId, op.seq]));
  }
}

/** IndexedDB where the browser has it (private modes may refuse it), memory otherwise. */
export function createOutboxStore(userId: number): OutboxStore {
  return typeof indexedDB === 'undefined' ? new MemoryOutboxStore() : new IdbOutboxStore(userId);
}
