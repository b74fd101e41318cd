import type { OutboxOp } from './annotation-model.ts';
import { MemoryOutboxStore, type OutboxStore } from './outbox.ts';

const DB_NAME = 'zikao-annotation-outbox';
const STORE = 'ops';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(STORE, { keyPath: ['documentId', 'seq'] });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
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
  async load(documentId: number): Promise<OutboxOp[]> {
    const range = IDBKeyRange.bound([documentId, 0], [documentId, Number.MAX_SAFE_INTEGER]);
    return (await run('readonly', (store) => store.getAll(range))) as OutboxOp[];
  }

  async put(op: OutboxOp): Promise<void> {
    await run('readwrite', (store) => store.put(op));
  }

  async remove(op: OutboxOp): Promise<void> {
    await run('readwrite', (store) => store.delete([op.documentId, op.seq]));
  }
}

/** IndexedDB where the browser has it (private modes may refuse it), memory otherwise. */
export function createOutboxStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? new MemoryOutboxStore() : new IdbOutboxStore();
}
