import { Gauge, Histogram } from 'prom-client';

/** What a conversion queue tells /metrics: jobs waiting and running now (in process, or BullMQ's counts). */
export interface ConversionJobCounts {
  jobCounts(): { waiting: number; active: number } | Promise<{ waiting: number; active: number }>;
}

const queues = new Set<WeakRef<ConversionJobCounts>>();

/**
 * The conversion queue's metrics, process-wide: a process has one queue (the web process's own,
 * or a worker's). Each app's registry registers these two; queues report through the functions below.
 */
export const conversionJobs = new Gauge({
  name: 'zikao_conversion_queue_jobs',
  help: 'Conversion jobs waiting or running (LibreOffice: Word and slides to PDF)',
  labelNames: ['state'] as const,
  registers: [],
  async collect() {
    let waiting = 0;
    let active = 0;
    for (const ref of queues) {
      const queue = ref.deref();
      if (!queue) {
        queues.delete(ref);
        continue;
      }
      const counts = await queue.jobCounts();
      waiting += counts.waiting;
      active += counts.active;
    }
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'active' }, active);
  },
});

export const conversionDuration = new Histogram({
  name: 'zikao_conversion_duration_seconds',
  help: 'Time of one conversion job, from its start to its PDF (or failure)',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
  registers: [],
});

/** A queue calls this once, when made, so that /metrics counts its jobs. */
export function trackConversionQueue(queue: ConversionJobCounts): void {
  queues.add(new WeakRef(queue));
}

/** A queue calls this when a job ends: how long it took, and whether a PDF came out. */
export function observeConversion(seconds: number, outcome: 'ok' | 'failed' | 'timeout'): void {
  conversionDuration.observe({ outcome }, seconds);
}
