import type { DocumentSummary } from '@zikao/contract/document';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../request/errors.ts';
import { isSettled, pollConversion } from './conversion-poll.ts';

export interface UploadAndConvertOptions {
  /** Sends the file, reporting 0–100, and answers the review document made from it. */
  upload(
    file: File,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<{ documentId?: number; name: string }>;
  /** Where the document's conversion is. */
  status(documentId: number): Promise<DocumentSummary>;
  /** The file is on the server and its conversion queued. */
  onUploaded?(documentId: number): void;
  /** The conversion is ready or has failed. */
  onSettled?(status: DocumentSummary): void;
}

export interface UploadAndConvert {
  /** The file being sent or sent; null before `start` and after `reset`. */
  name: string | null;
  /** Upload progress, 0–100. */
  percent: number;
  /** The bytes are still going out. */
  uploading: boolean;
  /** The review document, once the upload has succeeded. */
  documentId: number | null;
  /** The last polled status of the conversion; null until the first answer. */
  conversion: DocumentSummary | null;
  /** The conversion is ready or has failed: nothing is polled any more. */
  settled: boolean;
  /** Why the upload failed (the server's reason), or null. */
  error: string | null;
  /**
   * Sends `file`, then polls its conversion; a previous upload or poll is dropped. When the server
   * refuses the file, the file that was in place before comes back, with the refusal in `error`.
   */
  start(file: File): void;
  /** Cancels the upload, stops polling and forgets the file. */
  reset(): void;
}

interface State {
  name: string | null;
  percent: number;
  uploading: boolean;
  documentId: number | null;
  conversion: DocumentSummary | null;
  error: string | null;
}

const IDLE: State = { name: null, percent: 0, uploading: false, documentId: null, conversion: null, error: null };

/** One `start`: its upload's abort and, once uploaded, its poll's stop. */
interface Run {
  abort: AbortController;
  stopPolling(): void;
}

/**
 * A thesis file's upload with progress, then its conversion (LibreOffice → PDF → text) polled
 * until it is ready or has failed. The calls come from the caller's feature API. Unmounting
 * cancels the upload and stops the polling.
 */
export function useUploadAndConvert(options: UploadAndConvertOptions): UploadAndConvert {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<State>(IDLE);
  // The state last rendered: what `start` keeps to put back when the new file is refused.
  const shown = useRef(state);
  shown.current = state;
  const current = useRef<Run | null>(null);

  const stop = useCallback(() => {
    const run = current.current;
    current.current = null;
    run?.abort.abort();
    run?.stopPolling();
  }, []);
  useEffect(() => stop, [stop]);

  const reset = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);

  /** Polls `documentId`'s conversion for `run`, until it settles or the run is dropped. */
  const follow = useCallback((run: Run, documentId: number) => {
    const live = () => current.current === run;
    run.stopPolling = pollConversion({
      documentId,
      status: (id) => latest.current.status(id),
      onStatus: (conversion) => {
        if (!live()) return;
        setState((s) => ({ ...s, conversion }));
        if (isSettled(conversion.status)) latest.current.onSettled?.(conversion);
      },
    });
  }, []);

  const start = useCallback(
    (file: File) => {
      stop();
      const run: Run = { abort: new AbortController(), stopPolling: () => {} };
      current.current = run;
      // Answers of a dropped run (a newer start, a reset, an unmount) change nothing.
      const live = () => current.current === run;
      // The file already in place: a refused new one must leave it (issue 32 §1.2).
      const before = shown.current;
      const kept: State | null = before.documentId !== null ? { ...before, uploading: false, error: null } : null;
      setState({ ...IDLE, name: file.name, uploading: true });
      const send = async () => {
        try {
          const sent = await latest.current.upload(
            file,
            (percent) => {
              if (live()) setState((s) => ({ ...s, percent }));
            },
            run.abort.signal,
          );
          if (!live()) return;
          if (sent.documentId === undefined) throw new Error('上传失败，请重试');
          const documentId = sent.documentId;
          setState((s) => ({ ...s, name: sent.name, percent: 100, uploading: false, documentId }));
          latest.current.onUploaded?.(documentId);
          follow(run, documentId);
        } catch (failure) {
          if (!live()) return;
          current.current = null;
          // Cancelled elsewhere (the session ended): nothing to show.
          if (isCancelled(failure)) {
            setState(IDLE);
            return;
          }
          const error = uploadErrorText(failure);
          if (!kept) {
            setState((s) => ({ ...s, uploading: false, error }));
            return;
          }
          setState({ ...kept, error });
          // The kept file was still converting: follow it again.
          if (kept.documentId !== null && !(kept.conversion && isSettled(kept.conversion.status))) {
            const again: Run = { abort: new AbortController(), stopPolling: () => {} };
            current.current = again;
            follow(again, kept.documentId);
          }
        }
      };
      void send();
    },
    [stop, follow],
  );

  return {
    ...state,
    settled: state.conversion !== null && isSettled(state.conversion.status),
    start,
    reset,
  };
}

function uploadErrorText(failure: unknown): string {
  return failure instanceof Error && failure.message ? failure.message : '上传失败，请重试';
}
