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
  SEED_DEMO: booleanFlag.default(true),
  /** The review workflow's demo candidates and PDFs, on top of SEED_DEMO; the test app turns it off. */
  SEED_REVIEW_DEMO: booleanFlag.default(true),
  SEED_MUST_CHANGE_PHONE: z.string().optional(),
  CAPTCHA_TEST_ANSWER_LOG: booleanFlag.default(false),
  WEB_DIST: z.string().optional(),
  COMMIT: z.string().optional(),
  COOKIE_SECURE: booleanFlag.default(false),
  PATH: z.string().default(''),
  CONVERSION_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
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
});

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
  listCacheEntries: number;
  /** LINK_SECRET, when set; otherwise the key kept in DATA_DIR/keys is used. */
  linkSecret: string | undefined;
  linkRateLimitPerMinute: number;
  /** REDIS_URL: the board's messages and state go through Redis when set. */
  redisUrl: string | undefined;
  redisPrefix: string;
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
    seedDemo: c.SEED_DEMO,
    seedReviewDemo: c.SEED_DEMO && c.SEED_REVIEW_DEMO,
    seedMustChangePhone: c.SEED_MUST_CHANGE_PHONE,
    captchaTestAnswerLog: c.CAPTCHA_TEST_ANSWER_LOG,
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    commit: c.COMMIT,
    cookieSecure: c.COOKIE_SECURE,
    pathEnv: c.PATH,
    conversionTimeoutMs: c.CONVERSION_TIMEOUT_S * 1000,
    listCacheEntries: c.LIST_CACHE_ENTRIES,
    linkSecret: c.LINK_SECRET,
    linkRateLimitPerMinute: c.LINK_RATE_LIMIT_PER_MINUTE,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
  };
}

/** Loads `.env` from the working directory into process.env, if the file exists. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
