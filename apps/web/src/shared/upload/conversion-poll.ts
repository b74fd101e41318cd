import type { DocumentStatus, DocumentSummary } from '@zikao/contract/document';

/** Runs `run` after `ms`; the answer cancels it. `setTimeout` in the app, a hand-driven clock in tests. */
export type Schedule = (run: () => void, ms: number) => () => void;

const timeout: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** ready and failed are the conversion's last words; the other statuses move on by themselves. */
export function isSettled(status: DocumentStatus): boolean {
  return status === 'ready' || status === 'failed';
}

export interface ConversionPollOptions {
  documentId: number;
  /** Asks the server where the conversion is (`/v1/document/status`). */
  status(documentId: number): Promise<DocumentSummary>;
  /** Every answer, the last (ready or failed) included. */
  onStatus(status: DocumentSummary): void;
  /** Before the first question; the server has only just queued the document. */
  firstDelay?: number;
  /** Between an answer (or a failed call) and the next question. */
  interval?: number;
  schedule?: Schedule;
}

/**
 * Polls a document's conversion (LibreOffice → PDF → text) until it is ready or has failed. A
 * failed status call is not a failed conversion: it asks again. Returns `stop`, after which
 * nothing more is asked or reported.
 */
export function pollConversion({
  documentId,
  status,
  onStatus,
  firstDelay = 300,
  interval = 800,
  schedule = timeout,
}: ConversionPollOptions): () => void {
  let stopped = false;
  let cancel = () => {};
  const ask = async () => {
    try {
      const answer = await status(documentId);
      if (stopped) return;
      onStatus(answer);
      if (isSettled(answer.status)) return;
    } catch {
      // Ask again: the conversion goes on on the server whatever one call did.
    }
    if (!stopped) cancel = schedule(() => void ask(), interval);
  };
  cancel = schedule(() => void ask(), firstDelay);
  return () => {
    stopped = true;
    cancel();
  };
}
