import { z } from 'zod';
import { STAGES } from './review.ts';

/** The review lists' filter options: batches and majors present in what the caller may see. */
export const SubmissionFilterPath = {
  filters: '/v1/submission/filters',
} as const;

export const submissionFiltersSchema = z.object({
  stage: z.enum(STAGES, { error: '须为 topic、plan、draft、final 或 retest' }),
  /** The same scopes as the list: todo, history or all. */
  scope: z.enum(['todo', 'history', 'all'], { error: '须为 todo、history 或 all' }).default('all'),
});
export type SubmissionFiltersQuery = z.infer<typeof submissionFiltersSchema>;

export interface SubmissionFilterOptions {
  /** Batches of the caller's visible submissions of the stage, by name. */
  batches: Array<{ id: number; name: string }>;
  /** Majors of the caller's visible submissions of the stage, sorted. */
  majors: string[];
}
