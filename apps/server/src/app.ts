import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { API_BASE, ErrorCode } from '@zikao/contract';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { AccessRepository } from './access/access.repository.ts';
import { AccessService } from './access/access.service.ts';
import { BatchRepository } from './admin/batches/batch.repository.ts';
import { registerBatchRoutes } from './admin/batches/batch.routes.ts';
import { BatchService } from './admin/batches/batch.service.ts';
import { ImportRepository } from './admin/import/import.repository.ts';
import { registerImportRoutes } from './admin/import/import.routes.ts';
import { ImportService } from './admin/import/import.service.ts';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { AnnotatedPdfQueue } from './documents/annotation/annotated-pdf-queue.ts';
import { AnnotationRepository } from './documents/annotation/annotation.repository.ts';
import { registerAnnotationRoutes } from './documents/annotation/annotation.routes.ts';
import { AnnotationService } from './documents/annotation/annotation.service.ts';
import { AnnotationExporter } from './documents/annotation/annotation-export.ts';
import { CommentBankRepository } from './documents/comment-bank/comment-bank.repository.ts';
import { registerCommentBankRoutes } from './documents/comment-bank/comment-bank.routes.ts';
import { CommentBankService } from './documents/comment-bank/comment-bank.service.ts';
import { ConversionQueue } from './documents/document/conversion-queue.ts';
import { DocumentRepository } from './documents/document/document.repository.ts';
import { registerDocumentRoutes } from './documents/document/document.routes.ts';
import { DocumentService } from './documents/document/document.service.ts';
import { OriginalDownload } from './documents/document/original-download.ts';
import { configurePdfJobs } from './documents/document/pdf-inspector.ts';
import { TempSweeper } from './documents/upload/temp-sweeper.ts';
import { UploadRepository } from './documents/upload/upload.repository.ts';
import { registerUploadRoutes } from './documents/upload/upload.routes.ts';
import { UploadService } from './documents/upload/upload.service.ts';
import { AccountRepository } from './identity/accounts/account.repository.ts';
import { registerAccountRoutes } from './identity/accounts/account.routes.ts';
import { AccountService } from './identity/accounts/account.service.ts';
import { registerAuthRoutes } from './identity/auth/auth.routes.ts';
import { AuthService } from './identity/auth/auth.service.ts';
import { bindAuthHooks } from './identity/auth/auth-hook.ts';
import { SessionsRepository } from './identity/auth/sessions.repository.ts';
import { UsersRepository } from './identity/auth/users.repository.ts';
import { registerMenuRoutes } from './identity/menu/menu.routes.ts';
import { createSmsProvider } from './identity/verification/sms-provider.ts';
import { VerificationRepository } from './identity/verification/verification.repository.ts';
import { registerVerificationRoutes } from './identity/verification/verification.routes.ts';
import { VerificationService } from './identity/verification/verification.service.ts';
import { NoticeRepository } from './notices/notice.repository.ts';
import { registerNoticeRoutes } from './notices/notice.routes.ts';
import { NoticeService } from './notices/notice.service.ts';
import { ReviewNotifier } from './notices/review-notifier.ts';
import { seedAttachmentDemo } from './seed/attachment-demo.ts';
import { seedCommentBankDemo } from './seed/comment-bank-demo.ts';
import { seedCourseDemo } from './seed/course-demo.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { seedHomeDemo } from './seed/home-demo.ts';
import { seedPracticeDemo } from './seed/practice-demo.ts';
import { seedReviewDemo } from './seed/review-demo.ts';
import { seedReviewLinkDemo } from './seed/review-link-demo.ts';
import { seedStatisticsDemo } from './seed/statistics-demo.ts';
import { handleError } from './shared/error-handler.ts';
import { AppError } from './shared/errors.ts';
import { answerClientError, answerFrameworkError } from './shared/http/client-error.ts';
import { limitJsonDepth } from './shared/http/json-depth.ts';
import { withRedactedRequests } from './shared/http/log-redaction.ts';
import { registerOriginCheck } from './shared/http/origin-check.ts';
import { appPolicyReader, registerSecurityHeaders } from './shared/http/security-headers.ts';
import { refuseUndeclaredRoutes } from './shared/http/serve.ts';
import { lazyChildLogger } from './shared/lazy-logger.ts';
import { AuditRepository } from './system/audit/audit.repository.ts';
import { registerAuditRoutes } from './system/audit/audit.routes.ts';
import { AuditService } from './system/audit/audit.service.ts';
import { findSoffice, withWordFonts } from './system/converter.ts';
import { logNetworkIsolation, networkIsolation } from './system/network-isolation.ts';
import { registerSystemRoutes } from './system/system.routes.ts';
import { buildVersionInfo } from './system/version.ts';
import { createLiveCourses, type LiveCourses } from './teaching/live-courses.ts';
import { PracticeRepository } from './teaching/practice/practice.repository.ts';
import { registerPracticeRoutes } from './teaching/practice/practice.routes.ts';
import { PracticeService } from './teaching/practice/practice.service.ts';
import { PracticeConsoleService } from './teaching/practice/practice-console.service.ts';
import { AssignmentRepository } from './workflow/assignment/assignment.repository.ts';
import { registerAssignmentRoutes } from './workflow/assignment/assignment.routes.ts';
import { AssignmentService } from './workflow/assignment/assignment.service.ts';
import { HomeRepository } from './workflow/home/home.repository.ts';
import { registerHomeRoutes } from './workflow/home/home.routes.ts';
import { HomeService } from './workflow/home/home.service.ts';
import { registerReviewRoutes } from './workflow/review/review.routes.ts';
import { ReviewService } from './workflow/review/review.service.ts';
import { registerCommentProxyRoutes } from './workflow/review-link/comment-proxy.routes.ts';
import { ReviewLinkRepository } from './workflow/review-link/review-link.repository.ts';
import { registerReviewLinkRoutes } from './workflow/review-link/review-link.routes.ts';
import { ReviewLinkService } from './workflow/review-link/review-link.service.ts';
import { ReviewerItemsRepository } from './workflow/statistics/reviewer-items.repository.ts';
import { StatisticsRepository } from './workflow/statistics/statistics.repository.ts';
import { registerStatisticsRoutes } from './workflow/statistics/statistics.routes.ts';
import { StatisticsService } from './workflow/statistics/statistics.service.ts';
import { StatisticsWriter } from './workflow/statistics/statistics-writer.ts';
import { StudentRepository } from './workflow/student/student.repository.ts';
import { registerStudentRoutes } from './workflow/student/student.routes.ts';
import { StudentService } from './workflow/student/student.service.ts';
import { StudentInfoRepository } from './workflow/student-info/student-info.repository.ts';
import { registerStudentInfoRoutes } from './workflow/student-info/student-info.routes.ts';
import { StudentInfoService } from './workflow/student-info/student-info.service.ts';
import { CarryOverRepository } from './workflow/submission/carry-over.repository.ts';
import { CarryOver } from './workflow/submission/carry-over.ts';
import { ReviewRepository } from './workflow/submission/review.repository.ts';
import { ThesisSheetService } from './workflow/submission/sheet.ts';
import { SubmissionRepository } from './workflow/submission/submission.repository.ts';
import { registerSubmissionRoutes } from './workflow/submission/submission.routes.ts';
import { SubmissionService } from './workflow/submission/submission.service.ts';
import './shared/request-context.ts';
import { loadLinkSecret } from './shared/link-secret.ts';
import { createSharedRateLimit } from './shared/redis/rate-limit-store.ts';
import { loadRsaKeys } from './shared/rsa.ts';
import { createStorage } from './shared/storage/create-storage.ts';
import { HealthRepository } from './system/health/health.repository.ts';
import { registerHealthRoutes } from './system/health/health.routes.ts';
import { HealthService } from './system/health/health.service.ts';
import { registerMetrics } from './system/health/metrics.ts';

export interface BuildOptions {
  /** Pino logger options, or false for none. Tests pass a stream to read the log. */
  logger?: boolean | object;
}

export interface App {
  server: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  documents: DocumentService;
  /** The annotated PDF's builds: tests watch them start and end. */
  annotatedPdfs: AnnotatedPdfQueue;
  submissions: SubmissionService;
  /** Live courses and the board (issue 14). */
  liveCourses: LiveCourses;
  close(): Promise<void>;
}

/** Builds the whole application: database, services, API under /api and the web build at /. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  let log: FastifyInstance['log'] | null = null;
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // It reconnects by itself; meanwhile every session and list version is read from the database.
    onListenerError: (error) => log?.warn({ err: error }, 'change listener lost its connection; reconnecting'),
    onPoolError: (error) => log?.warn({ err: error }, 'database ended an idle connection; the pool opens another'),
  });
  const server = Fastify({
    // Requests go to the log (at debug and trace) without the signatures in their URLs (adr/028).
    logger: withRedactedRequests(options.logger, config.logLevel),
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Behind a load balancer (TRUST_PROXY), request.ip is the client's address, so limits count clients.
    trustProxy: config.trustProxy,
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  log = server.log;
  server.setErrorHandler(handleError);
  // Issue 19 §6: nosniff and Referrer-Policy on every answer; cookie-authenticated changes from the app only.
  registerSecurityHeaders(server);
  registerOriginCheck(server, config.frameAncestors);
  // Prometheus metrics at /metrics (adr/015): before every route, so that each is measured.
  registerMetrics(server, { database, dataDir: config.dataDir, token: config.metricsToken });
  // A body nested deeper than any call needs is refused before parsing (issue 19 §5).
  limitJsonDepth(server);
  // Per-IP limits on the public sign-in calls; routes opt in through config.rateLimit. With
  // REDIS_URL every instance counts in Redis together (adr/016).
  const sharedRateLimit = config.redisUrl
    ? createSharedRateLimit(config.redisUrl, config.redisPrefix, server.log)
    : null;
  // Redis down at start is no reason to die (issue 32 §4.6): each user of it waits for its first
  // connection or its first error, then the instance starts regardless; /ready reports Redis down.
  const redisAtStart: Array<Promise<boolean>> = [];
  if (sharedRateLimit) redisAtStart.push(sharedRateLimit.ready());
  await server.register(fastifyRateLimit, {
    ...sharedRateLimit?.options,
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.tooManyRequests, `请求过于频繁，请 ${Math.ceil(context.ttl / 1000)} 秒后再试`),
  });

  const { db } = database;
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db, database.changes);
  const rsa = loadRsaKeys(config.dataDir, config.rsaKeyBits);
  const sms = createSmsProvider(config, server.log);
  const verification = new VerificationService({
    repository: new VerificationRepository(db),
    sms,
    logger: server.log,
    logCaptchaAnswers: config.captchaTestAnswerLog,
  });
  const auth = new AuthService({ users, sessions, rsa, verification, config });
  const storage = await createStorage(config);
  const access = new AccessService(new AccessRepository(db));
  const audit = new AuditService({ audit: new AuditRepository(db) });
  // Every pdf.js job's caps and the extraction queue's bound (issue 19 §5, adr/019).
  configurePdfJobs({ ...config.pdfExtraction, maxPages: config.pdfMaxPages });
  const soffice = findSoffice(config.pathEnv);
  // Word documents, and courseware even with REDIS_URL, convert here: say how LibreOffice is kept off the network.
  if (soffice) logNetworkIsolation(server.log, networkIsolation(config.pathEnv));
  const documentRepository = new DocumentRepository(db);
  // With REDIS_URL, Word documents go to the worker queue (`npm run worker`, adr/016); web instances convert nothing.
  // BullMQ is loaded only then: it costs a tenth of the start-up of a server that never uses it.
  const conversionJobs = config.redisUrl
    ? new (await import('./documents/document/conversion-jobs.ts')).BullConversionJobs({
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        logger: server.log,
      })
    : null;
  if (conversionJobs) redisAtStart.push(conversionJobs.ready());
  const documents = new DocumentService({
    repository: documentRepository,
    access,
    storage,
    conversion:
      soffice && !conversionJobs
        ? new ConversionQueue({
            soffice: withWordFonts(soffice),
            isolation: networkIsolation(config.pathEnv),
            concurrency: 2,
            timeoutMs: config.conversionTimeoutMs,
          })
        : null,
    jobs: conversionJobs,
    logger: server.log,
  });
  const uploads = new UploadService({
    storage,
    repository: new UploadRepository(db),
    maxBytes: config.uploadMaxBytes,
    documents,
  });
  const studentRepository = new StudentRepository(db);
  const annotations = new AnnotationService({ annotations: new AnnotationRepository(db), access });
  // The annotated PDF is built in worker threads, a few at a time (issue 32 §4.3, adr/022).
  const annotatedPdfs = new AnnotatedPdfQueue(config.annotatedPdf);
  const exporter = new AnnotationExporter({
    annotations,
    documents: documentRepository,
    storage,
    access,
    pdfQueue: annotatedPdfs,
  });
  const submissionRepository = new SubmissionRepository(db, database.changes);
  const reviewRepository = new ReviewRepository(db);
  const carryOverRepository = new CarryOverRepository(db);
  const carryOver = new CarryOver({
    repository: carryOverRepository,
    submissions: submissionRepository,
    access,
    audit,
  });
  const submissions = new SubmissionService({
    submissions: submissionRepository,
    reviews: reviewRepository,
    access,
    audit,
    carryOver,
    carried: carryOverRepository,
    listCacheEntries: config.listCacheEntries,
  });
  const noticeRepository = new NoticeRepository(db);
  const notices = new NoticeService({ notices: noticeRepository });
  const accounts = new AccountService({ accounts: new AccountRepository(db), audit });
  const assignments = new AssignmentService({
    submissions: submissionRepository,
    accounts,
    assignments: new AssignmentRepository(db),
    audit,
  });
  const links = new ReviewLinkService({
    links: new ReviewLinkRepository(db),
    submissions: submissionRepository,
    accounts,
    assignments,
    access,
    audit,
    secret: loadLinkSecret(config.dataDir, config.linkSecret),
    deployment: config.deployment,
  });
  const liveCourses = createLiveCourses({
    db,
    config,
    storage,
    accounts,
    audit,
    soffice,
    secret: loadLinkSecret(config.dataDir, config.linkSecret),
    logger: server.log,
  });
  redisAtStart.push(liveCourses.ready());
  if ((await Promise.all(redisAtStart)).includes(false)) {
    server.log.warn(
      'redis unreachable at start: serving without it (no shared rate limits, no live board, Word uploads wait) until it is back; /ready answers 503 meanwhile',
    );
  }
  // 数据统计 (issue 16, adr/014): kept in step by the review service, read by the statistics calls.
  const statisticsWriter = new StatisticsWriter(db, database.dialect);
  const statistics = new StatisticsService({
    repository: new StatisticsRepository(db, database.dialect),
    items: new ReviewerItemsRepository(db),
  });
  // The review notice and SMS (adr/019): written in the review's transaction, sent from an outbox.
  const reviewNotifier = new ReviewNotifier({ db, sms, logger: server.log, retryMs: config.notifyRetryMs });
  const reviews = new ReviewService({
    submissions: submissionRepository,
    reviews: reviewRepository,
    audit,
    access,
    notify: reviewNotifier,
    steps: links,
    statistics: statisticsWriter,
  });
  const sheet = new ThesisSheetService({ db, storage, access });
  const bank = new CommentBankService({ bank: new CommentBankRepository(db), audit });
  const practiceRepository = new PracticeRepository(db);
  const practice = new PracticeService({ repository: practiceRepository, documents, annotations });
  const practiceConsole = new PracticeConsoleService({
    repository: practiceRepository,
    documents,
    annotations,
    access,
    audit,
  });
  const version = buildVersionInfo(database.dialect, config.commit, soffice);
  const health = new HealthService({ repository: new HealthRepository(db), storage, redisUrl: config.redisUrl });

  await server.register(
    async (api) => {
      api.decorateRequest('user', null);
      api.decorateRequest('link', null);
      api.decorateRequest('pendingSignature', null);
      api.decorateRequest('signedParamsKey', undefined);
      api.addHook('onRoute', refuseUndeclaredRoutes);
      api.addHook('onRoute', bindAuthHooks(auth, links));
      registerAuthRoutes(api, { auth, rsa, config });
      registerVerificationRoutes(api, { verification });
      registerMenuRoutes(api);
      // Multipart parsing, and the hooks it adds to every call in its scope, only where files arrive.
      await api.register(async (files) => {
        await files.register(fastifyMultipart, {
          limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 30 },
        });
        registerUploadRoutes(files, { uploads });
        registerImportRoutes(files, { imports: new ImportService({ repository: new ImportRepository(db), audit }) });
        liveCourses.registerUploads(files);
      });
      registerSystemRoutes(api, { version });
      registerHealthRoutes(api, { health });
      registerDocumentRoutes(api, {
        documents,
        storage,
        originals: new OriginalDownload({ access, repository: documentRepository, storage }),
      });
      registerAnnotationRoutes(api, { annotations, exporter });
      registerCommentBankRoutes(api, { bank });
      registerSubmissionRoutes(api, { submissions, sheet, carryOver });
      registerReviewRoutes(api, { reviews });
      registerNoticeRoutes(api, { notices });
      registerStudentInfoRoutes(api, {
        info: new StudentInfoService({ repository: new StudentInfoRepository(db), courses: liveCourses.courses }),
      });
      registerAssignmentRoutes(api, { assignments });
      registerStudentRoutes(api, {
        students: new StudentService({
          repository: studentRepository,
          submissionRows: submissionRepository,
          submissions,
          annotations,
        }),
        storage,
      });
      registerAuditRoutes(api, { audit });
      registerBatchRoutes(api, { batches: new BatchService({ batches: new BatchRepository(db), audit }) });
      registerAccountRoutes(api, { accounts });
      registerReviewLinkRoutes(api, { links });
      registerHomeRoutes(api, { home: new HomeService({ repository: new HomeRepository(db) }) });
      registerPracticeRoutes(api, { practice, console: practiceConsole });
      registerStatisticsRoutes(api, { statistics });
      liveCourses.registerRoutes(api);
      registerCommentProxyRoutes(api, {
        links,
        submissions,
        sheet,
        reviews,
        documents,
        annotations,
        bank,
        storage,
        rateLimitPerMinute: config.linkRateLimitPerMinute,
      });
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send({ errorCode: ErrorCode.notFound, errorMsg: '接口不存在', data: null });
      });
    },
    { prefix: API_BASE },
  );

  await liveCourses.registerSocket(server);
  await registerWebApp(server, config.webDist, config.frameAncestors);

  if (config.seedDemo) {
    const seedOptions = config.seedMustChangePhone ? { mustChangePhone: config.seedMustChangePhone } : {};
    if (await seedDemoData(db, seedOptions)) {
      server.log.info('demo data created');
      if (config.seedReviewDemo) {
        const started = Date.now();
        await seedReviewDemo({ db, storage, submissions });
        await seedAttachmentDemo({ db, storage });
        await seedCommentBankDemo(db);
        server.log.info({ ms: Date.now() - started }, 'review demo data created');
        // Which links were made, never their URLs: a signature in a log opens the page for whoever
        // reads the log (adr/028). 管理控制台 → 评阅链接 copies them.
        for (const link of await seedReviewLinkDemo({ db, links })) {
          server.log.info(
            { purpose: link.purpose, linkId: link.linkId, submissionId: link.submissionId },
            `demo review link (${link.purpose === 'review' ? '评阅' : '复核'})`,
          );
        }
        const courseDemo = await seedCourseDemo({ db, liveCourses, storage });
        server.log.info(
          courseDemo,
          'live-course demo data created (王老师 opens the live course’s board from 直播课程)',
        );
        const practiceStarted = Date.now();
        await seedPracticeDemo({ db, storage, documents, annotations, practice, practiceConsole });
        server.log.info({ ms: Date.now() - practiceStarted }, 'practice demo data created');
        // The homes' demo (issue 21 §3): reviews that have waited, one overdue, one reopened.
        await seedHomeDemo({ db, storage, submissions });
        // Last: its history charts on 数据统计, and it derives the statistics of every seed's reviews.
        const statisticsDemo = await seedStatisticsDemo({ db, statistics: statisticsWriter });
        server.log.info(statisticsDemo, 'statistics demo data created');
      }
    }
  }

  const resumedCourseware = await liveCourses.resume();
  if (resumedCourseware > 0) server.log.info({ resumed: resumedCourseware }, 'resumed unfinished courseware');
  const resumed = await documents.resumeUnfinished();
  if (resumed > 0) server.log.info({ resumed }, 'resumed unfinished documents');
  // What a crash left in the review outbox goes now, and the rest on a timer (adr/019).
  reviewNotifier.start();
  // Interrupted uploads' DATA_DIR/tmp/*.part files, now and on a timer (adr/019).
  const tempSweeper = new TempSweeper({
    dir: path.join(config.dataDir, 'tmp'),
    maxAgeMs: config.uploadTmpMaxAgeMs,
    logger: server.log,
  });
  tempSweeper.start();

  return {
    server,
    database,
    config,
    documents,
    annotatedPdfs,
    submissions,
    liveCourses,
    async close() {
      await server.close();
      await annotatedPdfs.drain();
      await reviewNotifier.stop();
      await tempSweeper.stop();
      await documents.drain();
      await conversionJobs?.close();
      await sharedRateLimit?.close();
      await liveCourses.close();
      await database.close();
      await storage.close();
      await health.close();
    },
  };
}

/** Serves the built single-page app, with index.html for every unknown non-API GET. */
async function registerWebApp(server: FastifyInstance, webDist: string, frameAncestors: string[]): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    server.log.warn({ webDist }, 'web build not found; run npm run build -w @zikao/web');
    // Without the app, unknown addresses still answer in the envelope (an API-only instance).
    server.setNotFoundHandler((request, reply) => {
      reply.status(404).send(notFoundAnswer(request.url));
    });
    return;
  }
  // Files are looked up on disk at each request, not listed once at start-up: a rebuild under a
  // running server (a second `npm start`, a deploy) must not turn its new hashed scripts into 404s.
  // Hashed assets never change under one name, so browsers may keep them for good.
  await server.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    setHeaders(reply, filePath) {
      if (filePath.startsWith(path.join(webDist, 'assets', path.sep))) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // The app's page is never cached: it names the current build's hashed scripts.
  const policy = appPolicyReader(index, frameAncestors);
  const sendApp = async (reply: FastifyReply) =>
    reply
      .header('content-security-policy', await policy())
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  server.get('/', (_request, reply) => sendApp(reply));
  server.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A GET the static wildcard took under /api is an unknown call (the comment proxy's included), never the app.
    if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
      reply.status(404).send(notFoundAnswer(pathname));
      return;
    }
    // Only navigations get the app: a missing file (a stale chunk) must not come back as HTML.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isFile) {
      reply.status(404).send(notFoundAnswer(pathname));
      return;
    }
    return sendApp(reply);
  });
}

/** The envelope of an unknown address: an unknown call under /api, a missing file elsewhere. */
function notFoundAnswer(url: string) {
  const pathname = url.split('?')[0] ?? '';
  const api = pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
  return { errorCode: ErrorCode.notFound, errorMsg: api ? '接口不存在' : '资源不存在', data: null };
}
