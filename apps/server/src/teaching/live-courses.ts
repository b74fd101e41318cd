import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { ConversionQueue } from '../documents/document/conversion-queue.ts';
import type { AccountService } from '../identity/accounts/account.service.ts';
import { connectRedis, FAIL_FAST, redisReady } from '../shared/redis/redis-client.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { AuditService } from '../system/audit/audit.service.ts';
import { withWordFonts } from '../system/converter.ts';
import { networkIsolation } from '../system/network-isolation.ts';
import { BoardRepository } from './board/board.repository.ts';
import { registerBoardRoutes, registerBoardSocket, registerHandInUploadRoute } from './board/board.routes.ts';
import { BoardService } from './board/board.service.ts';
import {
  type BoardBus,
  type BoardStateStore,
  LocalBoardBus,
  MemoryBoardState,
  RedisBoardBus,
  RedisBoardState,
} from './board/board-fanout.ts';
import { BoardHub } from './board/board-hub.ts';
import { BoardLinkSigner } from './board/board-link.ts';
import { CourseRepository } from './course/course.repository.ts';
import { registerCourseRoutes, registerCoursewareUploadRoute } from './course/course.routes.ts';
import { CourseService } from './course/course.service.ts';
import { CoursewareRepository } from './course/courseware.repository.ts';
import { CoursewareService } from './course/courseware.service.ts';

/** The live-course capability (issue 14) as the app wires it: services, routes, the socket, Redis. */
export interface LiveCourses {
  courses: CourseService;
  courseware: CoursewareService;
  board: BoardService;
  hub: BoardHub;
  /** Signs board links (the seed and tests make links with it). */
  links: BoardLinkSigner;
  /** The course and board calls, in the API scope. */
  registerRoutes(api: FastifyInstance): void;
  /** The courseware and hand-in uploads, in the scope that parses multipart. */
  registerUploads(files: FastifyInstance): void;
  /** The board's WebSocket, beside the API scope. */
  registerSocket(server: FastifyInstance): Promise<void>;
  /**
   * True once this instance hears the board's Redis channel (at once without Redis); false when
   * Redis cannot be reached at start. Never throws: the board then refuses until Redis is back.
   */
  ready(): Promise<boolean>;
  /** Renders courseware a stopped server left converting. */
  resume(): Promise<number>;
  close(): Promise<void>;
}

export function createLiveCourses(deps: {
  db: Kysely<Database>;
  config: AppConfig;
  storage: FileStorage;
  accounts: AccountService;
  audit: AuditService;
  /** LibreOffice, for PPT/PPTX; null when not installed. */
  soffice: string | null;
  /** The link secret review links use (adr/011); board links sign a distinct text with it. */
  secret: Buffer;
  logger: FastifyBaseLogger;
}): LiveCourses {
  const { db, config, storage, logger } = deps;
  const links = new BoardLinkSigner(deps.secret);
  const courseRows = new CourseRepository(db);
  const courses = new CourseService({ repository: courseRows, accounts: deps.accounts, audit: deps.audit, links });
  const courseware = new CoursewareService({
    repository: new CoursewareRepository(db),
    courses,
    storage,
    // Its own queue, one slide deck at a time: a class's upload must not wait behind thesis conversions.
    conversion: deps.soffice
      ? new ConversionQueue({
          // The repository's fonts (adr/020): CJK slides in the faces their authors chose.
          soffice: withWordFonts(deps.soffice),
          // Detected and logged once at start-up (app.ts); the same answer here.
          isolation: networkIsolation(config.pathEnv),
          concurrency: 1,
          timeoutMs: config.conversionTimeoutMs,
        })
      : null,
    maxBytes: config.uploadMaxBytes,
    logger,
  });

  let bus: BoardBus;
  let state: BoardStateStore;
  let subscribed: Promise<boolean> = Promise.resolve(true);
  let subscriber: Redis | null = null;
  const redisClients: Redis[] = [];
  if (config.redisUrl) {
    // Requests read and write the state on the publisher: they fail at once while Redis is away.
    const publisher = connectRedis(config.redisUrl, logger, 'board-publisher', FAIL_FAST);
    // The subscriber waits for Redis as long as it takes, and subscribes again after each reconnect.
    subscriber = connectRedis(config.redisUrl, logger, 'board-subscriber', {
      connectTimeout: FAIL_FAST.connectTimeout,
      retryStrategy: FAIL_FAST.retryStrategy,
      maxRetriesPerRequest: null,
    });
    redisClients.push(publisher, subscriber);
    const redisBus = new RedisBoardBus(publisher, subscriber, config.redisPrefix);
    subscribed = redisBus.subscribed();
    bus = redisBus;
    state = new RedisBoardState(publisher, config.redisPrefix);
  } else {
    bus = new LocalBoardBus();
    state = new MemoryBoardState();
  }

  const board = new BoardService({
    repository: new BoardRepository(db),
    courses,
    courseRows,
    courseware,
    links,
    storage,
    readState: (courseId) => state.read(courseId),
    deployment: config.deployment,
    guestsPerAddress: config.board.guestsPerAddress,
  });
  const hub = new BoardHub({ bus, state, board, logger, limits: config.board });
  courses.listen(hub);

  return {
    courses,
    courseware,
    board,
    hub,
    links,
    registerRoutes(api) {
      registerCourseRoutes(api, { courses, courseware, storage });
      registerBoardRoutes(api, { board, storage });
    },
    registerUploads(files) {
      registerCoursewareUploadRoute(files, { courseware });
      registerHandInUploadRoute(files, { board, hub });
    },
    registerSocket: (server) => registerBoardSocket(server, { hub }),
    async ready() {
      if (!subscriber) return true;
      if (!(await redisReady(subscriber))) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          subscribed,
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), 10_000);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    resume: () => courseware.resumeUnfinished(),
    async close() {
      await hub.close();
      await courseware.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
