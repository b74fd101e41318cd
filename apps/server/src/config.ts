import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { error: '须为 0、1、true 或 false' })
  .transform((value) => value === '1' || value === 'true');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '须以 postgres:// 开头')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RSA_KEY_BITS: z.coerce.number().int().min(1024).max(4096).default(1024),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SMS_PROVIDER: z.enum(['console', 'http'], { error: '须为 console 或 http' }).default('console'),
  SMS_HTTP_URL: z.url({ error: '须为 http(s) 地址' }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SIGN_NAME: z.string().min(1).default('自考在线'),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(50),
  /**
   * `production` makes the server a deployment (adr/028): no demo data, and no demo account signs
   * in. Any other value is refused, so that a misspelt `prod` cannot quietly run as a demo.
   */
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['production', 'development', 'test'], { error: '须为 production（正式部署）、development 或 test' })
      .optional(),
  ),
  /** Unset: on, except in a deployment. */
  SEED_DEMO: booleanFlag.optional(),
  /** The review workflow's demo candidates and PDFs, on top of SEED_DEMO; the test app turns it off. */
  SEED_REVIEW_DEMO: booleanFlag.default(true),
  SEED_MUST_CHANGE_PHONE: z.string().optional(),
  CAPTCHA_TEST_ANSWER_LOG: booleanFlag.default(false),
  WEB_DIST: z.string().optional(),
  COMMIT: z.string().optional(),
  COOKIE_SECURE: booleanFlag.default(false),
  PATH: z.string().default(''),
  CONVERSION_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
  /** Limits and durability (issue 19, adr/019). */
  PDF_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  PDF_EXTRACT_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
  PDF_EXTRACT_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(512),
  PDF_EXTRACT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  ANNOTATED_PDF_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  ANNOTATED_PDF_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  ANNOTATED_PDF_TIMEOUT_S: z.coerce.number().positive().max(3600).default(60),
  ANNOTATED_PDF_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(1024),
  UPLOAD_TMP_MAX_AGE_MIN: z.coerce.number().positive().max(10_080).default(60),
  NOTIFY_RETRY_S: z.coerce.number().positive().max(86_400).default(60),
  /** Review-list answers kept per instance; 0 turns the cache off. */
  LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
  /**
   * The review links' HMAC key (adr/011). Unset: one is generated once and kept in DATA_DIR/keys.
   * Several instances must share it. Changing it voids every link.
   */
  LINK_SECRET: z
    .string()
    .min(32, '至少 32 个字符')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Calls per minute one review link may make to one comment-proxy call (the PDF's byte ranges: ten times as many). */
  LINK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * Host origins that may embed the app (a qiankun portal, an iframe), space or comma separated:
   * the CSP's frame-ancestors beside 'self', and origins a cookie-authenticated change may come from.
   */
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[a-z0-9.*-]+(:(\d{1,5}|\*))?$/i,
            'FRAME_ANCESTORS: 每项须为源，如 https://portal.example.edu.cn',
          ),
      ),
    ),
  /**
   * Redis for the live-course board (issue 14, adr/012): set it when several instances serve one
   * site, so board messages and the current page are shared. Unset: kept in this process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '须以 redis:// 或 rediss:// 开头')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key and channel, so that several deployments (or tests) share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, '只能包含字母、数字、冒号、下划线和连字符')
    .default('zikao:'),
  /**
   * The live-course board's sockets (adr/012): seconds a socket has to send `join` (three ping
   * intervals, as for a socket that falls silent); sockets one client address may hold open and
   * sockets one board link may have open, on each instance; guests (browsers) one address may
   * bring into one course's 出勤, over every instance.
   */
  BOARD_JOIN_TIMEOUT_S: z.coerce.number().positive().max(3600).default(75),
  BOARD_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  BOARD_SOCKETS_PER_LINK: z.coerce.number().int().min(1).max(1_000_000).default(500),
  BOARD_GUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /**
   * Which proxies' X-Forwarded-For to believe, so that per-address limits count clients, not the
   * load balancer (several instances, adr/016): unset for none, a hop count, `true`, or addresses
   * and CIDRs separated by commas (`127.0.0.1`, `loopback`, `10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Conversions one `npm run worker` process runs at once (with REDIS_URL, adr/016). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Seconds after which a dead worker's conversion goes back to the queue (BullMQ's lock). */
  CONVERSION_STALL_S: z.coerce.number().int().min(1).max(600).default(30),
  /** Seconds a SIGTERM waits for in-flight requests and conversions before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().positive().max(600).default(25),
  /** Where stored files live (adr/015): `local` (DATA_DIR/files, the default) or `s3` (the S3_* bucket). */
  STORAGE: z.enum(['local', 's3'], { error: '须为 local 或 s3' }).default('local'),
  S3_ENDPOINT: z
    .url({ error: '须为 http(s) 地址' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The bucket in the path (MinIO) rather than in the host name (AWS, 阿里云 OSS, 腾讯云 COS). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Bearer token for GET /metrics; unset, /metrics answers 404 (adr/015). */
  METRICS_TOKEN: z
    .string()
    .min(16, '至少 16 个字符')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  rsaKeyBits: number;
  sessionTtlMs: number;
  smsProvider: 'console' | 'http';
  /** The HTTP gateway, when SMS_PROVIDER is http. */
  smsHttp: { url: string; token: string | undefined; signName: string; timeoutMs: number } | null;
  uploadMaxBytes: number;
  /**
   * NODE_ENV=production: the server runs as a deployment (adr/028). It seeds no demo data, and
   * demo accounts (users.demo) are refused at every sign-in and link.
   */
  deployment: boolean;
  seedDemo: boolean;
  seedReviewDemo: boolean;
  seedMustChangePhone: string | undefined;
  captchaTestAnswerLog: boolean;
  webDist: string;
  commit: string | undefined;
  cookieSecure: boolean;
  /** The PATH, to look for LibreOffice. */
  pathEnv: string;
  conversionTimeoutMs: number;
  /** PDF_MAX_PAGES: a PDF with more pages is refused at upload (adr/019). */
  pdfMaxPages: number;
  /** Each PDF text extraction: its time limit, its worker's heap and how many run at once. */
  pdfExtraction: { timeoutMs: number; memoryMb: number; concurrency: number };
  /** The annotated PDF's builds (worker threads): how many at once, how many wait, and each one's caps. */
  annotatedPdf: { concurrency: number; maxWaiting: number; timeoutMs: number; memoryMb: number };
  /** Interrupted uploads' DATA_DIR/tmp/*.part files older than this are removed. */
  uploadTmpMaxAgeMs: number;
  /** How long a claimed review SMS waits before it is tried again (adr/019). */
  notifyRetryMs: number;
  listCacheEntries: number;
  /** LINK_SECRET, when set; otherwise the key kept in DATA_DIR/keys is used. */
  linkSecret: string | undefined;
  linkRateLimitPerMinute: number;
  /** Host origins allowed to embed the app (FRAME_ANCESTORS). */
  frameAncestors: string[];
  /** REDIS_URL: the board's messages and state go through Redis when set. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** The board's join deadline and its limits per client address and per link (BOARD_*). */
  board: BoardLimits;
  /** Fastify's trustProxy: false, true, the proxies' addresses, or a hop count (as a function). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  workerConcurrency: number;
  conversionStallMs: number;
  shutdownTimeoutMs: number;
  /** STORAGE=s3: the bucket and how to reach it; null for local disk. */
  s3: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  } | null;
  /** METRICS_TOKEN: /metrics is served only to a request bearing it. */
  metricsToken: string | undefined;
}

export interface BoardLimits {
  joinTimeoutMs: number;
  socketsPerAddress: number;
  socketsPerLink: number;
  guestsPerAddress: number;
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Reads and validates configuration once. Throws with every problem listed, so start-up
 * fails fast with a clear message. `.env` in the working directory is read when present.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`配置错误：\n${problems.join('\n')}`);
  }
  const c = result.data;
  if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
    throw new Error('配置错误：\n  SMS_HTTP_URL: SMS_PROVIDER 为 http 时必须设置');
  }
  const deployment = c.NODE_ENV === 'production';
  if (deployment && c.SEED_DEMO === true) {
    throw new Error(
      '配置错误：\n  SEED_DEMO: 正式部署（NODE_ENV=production）不能创建演示数据：演示账号的密码是公开的。请删除 SEED_DEMO 或设为 0',
    );
  }
  const seedDemo = c.SEED_DEMO ?? !deployment;
  if (c.STORAGE === 's3') {
    const missing = S3_REQUIRED.filter((name) => !c[name]);
    if (missing.length > 0) {
      throw new Error(`配置错误：\n${missing.map((name) => `  ${name}: STORAGE 为 s3 时必须设置`).join('\n')}`);
    }
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    rsaKeyBits: c.RSA_KEY_BITS,
    sessionTtlMs: c.SESSION_TTL_HOURS * 3_600_000,
    smsProvider: c.SMS_PROVIDER,
    smsHttp: c.SMS_HTTP_URL
      ? { url: c.SMS_HTTP_URL, token: c.SMS_HTTP_TOKEN, signName: c.SMS_SIGN_NAME, timeoutMs: c.SMS_HTTP_TIMEOUT_MS }
      : null,
    uploadMaxBytes: Math.round(c.UPLOAD_MAX_MB * 1024 * 1024),
    deployment,
    seedDemo,
    seedReviewDemo: seedDemo && c.SEED_REVIEW_DEMO,
    seedMustChangePhone: c.SEED_MUST_CHANGE_PHONE,
    captchaTestAnswerLog: c.CAPTCHA_TEST_ANSWER_LOG,
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    commit: c.COMMIT,
    cookieSecure: c.COOKIE_SECURE,
    pathEnv: c.PATH,
    conversionTimeoutMs: c.CONVERSION_TIMEOUT_S * 1000,
    pdfMaxPages: c.PDF_MAX_PAGES,
    pdfExtraction: {
      timeoutMs: c.PDF_EXTRACT_TIMEOUT_S * 1000,
      memoryMb: c.PDF_EXTRACT_MEMORY_MB,
      concurrency: c.PDF_EXTRACT_CONCURRENCY,
    },
    annotatedPdf: {
      concurrency: c.ANNOTATED_PDF_CONCURRENCY,
      maxWaiting: c.ANNOTATED_PDF_QUEUE,
      timeoutMs: c.ANNOTATED_PDF_TIMEOUT_S * 1000,
      memoryMb: c.ANNOTATED_PDF_MEMORY_MB,
    },
    uploadTmpMaxAgeMs: c.UPLOAD_TMP_MAX_AGE_MIN * 60_000,
    notifyRetryMs: c.NOTIFY_RETRY_S * 1000,
    listCacheEntries: c.LIST_CACHE_ENTRIES,
    linkSecret: c.LINK_SECRET,
    linkRateLimitPerMinute: c.LINK_RATE_LIMIT_PER_MINUTE,
    frameAncestors: c.FRAME_ANCESTORS,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    board: {
      joinTimeoutMs: c.BOARD_JOIN_TIMEOUT_S * 1000,
      socketsPerAddress: c.BOARD_SOCKETS_PER_ADDRESS,
      socketsPerLink: c.BOARD_SOCKETS_PER_LINK,
      guestsPerAddress: c.BOARD_GUESTS_PER_ADDRESS,
    },
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    workerConcurrency: c.WORKER_CONCURRENCY,
    conversionStallMs: c.CONVERSION_STALL_S * 1000,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_S * 1000,
    s3:
      c.STORAGE === 's3'
        ? {
            endpoint: c.S3_ENDPOINT as string,
            region: c.S3_REGION as string,
            bucket: c.S3_BUCKET as string,
            accessKeyId: c.S3_ACCESS_KEY_ID as string,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
          }
        : null,
    metricsToken: c.METRICS_TOKEN,
  };
}

/** Loads `.env` from the working directory into process.env, if the file exists. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
