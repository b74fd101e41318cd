import { practiceEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { PracticeService } from './practice.service.ts';
import type { PracticeConsoleService } from './practice-console.service.ts';

/** Annotation practice (批注练习, adr/013): the practiser's calls and the console's 练习论文. */
export function registerPracticeRoutes(
  app: FastifyInstance,
  deps: { practice: PracticeService; console: PracticeConsoleService },
): void {
  const { practice, console } = deps;
  serve(app, practiceEndpoints.practiceList, (query, { user }) => practice.list(user, query));
  serve(app, practiceEndpoints.practiceHistory, (query, { user }) => practice.history(user, query));
  serve(app, practiceEndpoints.practiceCard, (_input, { user }) => practice.card(user));
  serve(app, practiceEndpoints.practiceStart, ({ thesisId }, { user }) => practice.start(user, thesisId));
  serve(app, practiceEndpoints.practiceAttempt, ({ attemptId }, { user }) => practice.attempt(user, attemptId));
  serve(app, practiceEndpoints.practiceSubmit, ({ attemptId, timeSpentMs }, { user }) =>
    practice.submit(user, attemptId, timeSpentMs),
  );
  serve(app, practiceEndpoints.practiceResult, ({ attemptId }, { user }) => practice.result(user, attemptId));

  serve(app, practiceEndpoints.consolePracticeList, (query) => console.list(query));
  serve(app, practiceEndpoints.consolePracticeDetail, ({ id }) => console.detail(id));
  serve(app, practiceEndpoints.consolePracticeCreate, (input, { user }) => console.create(user, input));
  serve(app, practiceEndpoints.consolePracticeUpdate, (input, { user }) => console.update(user, input));
  serve(app, practiceEndpoints.consolePracticePublish, ({ id }, { user }) => console.publish(user, id));
  serve(app, practiceEndpoints.consolePracticeWithdraw, ({ id }, { user }) => console.withdraw(user, id));
  serve(app, practiceEndpoints.consolePracticeRevise, ({ id }, { user }) => console.revise(user, id));
  serve(app, practiceEndpoints.consolePracticeReferenceList, ({ id }) => console.references(id));
  serve(app, practiceEndpoints.consolePracticeStats, ({ id }) => console.stats(id));
  serve(app, practiceEndpoints.consolePracticeAttempts, (query) => console.attempts(query));
}
