import type { AnnotationDto } from '../annotation.ts';
import { type Endpoint, post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import {
  ConsolePracticePath,
  type ConsolePracticeThesisDto,
  consolePracticeAttemptsSchema,
  consolePracticeCreateSchema,
  consolePracticeListSchema,
  consolePracticeUpdateSchema,
  type PracticeAttemptDto,
  type PracticeAttemptRow,
  type PracticeCardDto,
  PracticePath,
  type PracticeResultDto,
  type PracticeStatsDto,
  type PracticeThesisDto,
  practiceAttemptRefSchema,
  practiceHistorySchema,
  practiceListSchema,
  practiceRefSchema,
  practiceStartSchema,
  practiceSubmitSchema,
} from '../practice.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/**
 * The teaching area's annotation practice (issue 15, adr/013): practice theses with expert reference
 * annotations, scored attempts and their results. Teachers, reviewers and admins practise; the
 * console's calls are for admins. An attempt's annotations and the reference annotations are
 * ordinary annotations, read and written with the documents area's calls (see practice.ts).
 */
export const practiceEndpoints = {
  practiceList: post<ListResult<PracticeThesisDto>>()({
    path: PracticePath.list,
    input: practiceListSchema,
    access: Access.teacherSide,
  }),
  practiceHistory: post<ListResult<PracticeAttemptRow>>()({
    path: PracticePath.history,
    input: practiceHistorySchema,
    access: Access.teacherSide,
  }),
  practiceCard: post<PracticeCardDto>()({
    path: PracticePath.card,
    input: emptyInputSchema,
    access: Access.teacherSide,
  }),
  /** Resumes the caller's open attempt on this revision, or starts a fresh one (published theses only). */
  practiceStart: post<PracticeAttemptDto>()({
    path: PracticePath.start,
    input: practiceStartSchema,
    access: Access.teacherSide,
  }),
  /** Its author's or an admin's; anyone else's attempt id answers 1030003. */
  practiceAttempt: post<PracticeAttemptDto>()({
    path: PracticePath.attempt,
    input: practiceAttemptRefSchema,
    access: Access.teacherSide,
  }),
  /** Final: scores the attempt and freezes its annotations. Its author only. */
  practiceSubmit: post<PracticeResultDto>()({
    path: PracticePath.submit,
    input: practiceSubmitSchema,
    access: Access.teacherSide,
  }),
  /** A submitted attempt's result, with the reference points; 1080001 while the attempt is open. */
  practiceResult: post<PracticeResultDto>()({
    path: PracticePath.result,
    input: practiceAttemptRefSchema,
    access: Access.teacherSide,
  }),

  consolePracticeList: post<ListResult<ConsolePracticeThesisDto>>()({
    path: ConsolePracticePath.list,
    input: consolePracticeListSchema,
    access: Access.admins,
  }),
  consolePracticeDetail: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.detail,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  consolePracticeCreate: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.create,
    input: consolePracticeCreateSchema,
    access: Access.admins,
  }),
  consolePracticeUpdate: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.update,
    input: consolePracticeUpdateSchema,
    access: Access.admins,
  }),
  /** Needs a ready document and 1–100 reference points; withdraws the series' previously published revision. */
  consolePracticePublish: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.publish,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  consolePracticeWithdraw: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.withdraw,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  /** The series' draft revision if there is one, else a new draft copied from this revision. */
  consolePracticeRevise: post<ConsolePracticeThesisDto>()({
    path: ConsolePracticePath.revise,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  consolePracticeReferenceList: post<AnnotationDto[]>()({
    path: ConsolePracticePath.referenceList,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  consolePracticeStats: post<PracticeStatsDto>()({
    path: ConsolePracticePath.stats,
    input: practiceRefSchema,
    access: Access.admins,
  }),
  consolePracticeAttempts: post<ListResult<PracticeAttemptRow>>()({
    path: ConsolePracticePath.attempts,
    input: consolePracticeAttemptsSchema,
    access: Access.admins,
  }),
} satisfies Record<string, Endpoint>;
