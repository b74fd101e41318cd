import { Role } from '@zikao/contract';
import { StudentInfoApiPath } from '@zikao/contract/student-info';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../identity/auth/auth.routes.ts';
import { ok } from '../../shared/http/envelope.ts';
import type { StudentInfoService } from './candidate-info.service.ts';

const students = { config: { access: { roles: [Role.student] } } };

/** The candidate's read-only pages; each answers about the caller only, so no id is taken. */
export function registerStudentInfoRoutes(app: FastifyInstance, deps: { info: StudentInfoService }): void {
  const { info } = deps;
  app.post(StudentInfoApiPath.courses, students, async (request) =>
    ok(await info.courses(requireUser(request.user).id)),
  );
  app.post(StudentInfoApiPath.exam, students, async (request) => ok(await info.exam(requireUser(request.user).id)));
  app.post(StudentInfoApiPath.certificate, students, async (request) =>
    ok(await info.certificate(requireUser(request.user).id)),
  );
}
