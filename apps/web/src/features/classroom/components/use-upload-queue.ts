import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../shared/request/errors.ts';

/** One file on its way up. */
export interface QueuedUpload {
  key: string;
  name: string;
  size: number;
  /** 0–100. */
  percent: number;
  state: 'uploading' | 'failed';
  error: string;
}

type Send<T> = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<T>;

let counter = 0;

/**
 * Several files sent at once, each with its own progress; a sent file leaves the queue (the list
 * it lands in shows it), a failed one stays with its reason until dismissed. Unmounting cancels
 * what is still going.
 */
export function useUploadQueue<T>(send: Send<T>, onSent?: (result: T, file: File) => void) {
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const latest = useRef({ send, onSent });
  latest.current = { send, onSent };
  const running = useRef(new Map<string, AbortController>());

  useEffect(
    () => () => {
      for (const controller of running.current.values()) controller.abort();
    },
    [],
  );

  const add = useCallback((file: File) => {
    const update = (key: string, change: Partial<QueuedUpload>) =>
      setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
    counter += 1;
    const key = `u${counter}`;
    const controller = new AbortController();
    running.current.set(key, controller);
    setItems((current) => [
      ...current,
      { key, name: file.name, size: file.size, percent: 0, state: 'uploading', error: '' },
    ]);
    latest.current
      .send(file, (percent) => update(key, { percent }), controller.signal)
      .then((result) => {
        setItems((current) => current.filter((item) => item.key !== key));
        latest.current.onSent?.(result, file);
      })
      .catch((failure: unknown) => {
        if (isCancelled(failure)) {
          setItems((current) => current.filter((item) => item.key !== key));
          return;
        }
        update(key, {
          state: 'failed',
          error: failure instanceof Error && failure.message ? failure.message : '上传失败，请重试',
        });
      })
      .finally(() => running.current.delete(key));
  }, []);

  /** Cancels a file still going, or forgets a failed one. */
  const remove = useCallback((key: string) => {
    running.current.get(key)?.abort();
    running.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  return { items, add, remove, busy: items.some((item) => item.state === 'uploading') };
}
