import { ErrorCode } from '@zikao/contract';
import { systemEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope.ts';
import { serve } from '../../shared/http/serve.ts';
import type { HealthService } from './health.service.ts';

const NAMES = { database: '数据库', redis: 'Redis', storage: '文件存储' } as const;

export function registerHealthRoutes(app: FastifyInstance, deps: { health: HealthService }): void {
  serve(app, systemEndpoints.health, () => deps.health.health());
  // Answered by hand: not ready is a 503 whose envelope still carries every check.
  serve(app, systemEndpoints.ready, (_input, { reply }) => {
    deps.health.ready().then(
      (report) => {
        if (report.status === 'ready') return reply.send(ok(report));
        const down = (Object.keys(NAMES) as Array<keyof typeof NAMES>).filter(
          (name) => report.checks[name].status === 'down',
        );
        reply.log.warn({ checks: report.checks }, 'not ready');
        return reply.code(503).send({
          errorCode: ErrorCode.internal,
          errorMsg: `服务未就绪：${down.map((name) => `${NAMES[name]}（${name}）`).join('、')}不可用`,
          data: report,
        });
      },
      (error: unknown) => reply.send(error),
    );
    return undefined;
  });
}
