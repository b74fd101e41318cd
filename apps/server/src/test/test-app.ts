import { constants, publicEncrypt } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signParams } from '@zikao/contract';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { templateFor } from './app-templates.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  body: { errorCode: number; errorMsg: string; data: T };
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp extends App {
  /** Every JSON log line the server wrote. */
  logs: Array<Record<string, unknown>>;
  get<T = unknown>(url: string, query?: Record<string, unknown>, options?: CallOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: Record<string, unknown>, options?: CallOptions): Promise<ApiResponse<T>>;
  /** Sends raw multipart form data, signed with its non-file fields in the query string. */
  upload<T = unknown>(url: string, form: FormData, options?: CallOptions): Promise<ApiResponse<T>>;
  encrypt(password: string): Promise<string>;
  /** Logs in by password on the teacher side (or the student side) and returns the token. */
  login(account: string, password?: string, side?: 'teacher' | 'student'): Promise<string>;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  /** Overrides the timestamp, to test stale requests. */
  t?: number;
  /** Replaces the computed signature. */
  sig?: string | null;
  headers?: Record<string, string>;
}

const keyCache = new Map<string, string>();

export interface TestAppOptions {
  /**
   * A second instance on another app's database, as when several servers share one: on SQLite
   * the same file (another process's connection), on PostgreSQL the same database.
   */
  sameDatabaseAs?: TestApp;
  /** Seed for itself even where a template of the run would serve (the templates are made so). */
  noTemplate?: boolean;
  /** Leave the data directory and the database in place on close (the templates are made so). */
  keepData?: boolean;
}

/** Starts the real app on a fresh database: SQLite in a temp dir, or a fresh PostgreSQL database. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const ownsDataDir = !shared || Boolean(shared.config.databaseUrl);
  const dataDir = ownsDataDir ? mkdtempSync(path.join(tmpdir(), 'zikao-test-')) : shared.config.dataDir;
  // A copy of the run's seeded data, where it is what this app would seed (app-templates.ts).
  const template = shared || options.noTemplate ? undefined : templateFor(env, Boolean(process.env.DATABASE_URL));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const logs: Array<Record<string, unknown>> = template ? JSON.parse(readFileSync(template.seedLog, 'utf8')) : [];
  const baseConfig = loadConfig({
    ...process.env,
    // Never a deployment by accident (a shell's NODE_ENV=production would turn the demo off): a
    // test that means one passes NODE_ENV itself.
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_REVIEW_DEMO: '0',
    // Redis only where a test asks for it (with a prefix of its own): CI sets REDIS_URL, and test
    // apps with fresh databases reuse course ids, whose board state must not meet in Redis.
    REDIS_URL: '',
    ...env,
  });
  // On PostgreSQL every test app gets a database of its own. (Schemas were not enough: Kysely's
  // migrator introspects all schemas, and fails when another test file drops one meanwhile.)
  const testDatabase =
    baseConfig.databaseUrl && !shared
      ? await createScratchDatabase(baseConfig.databaseUrl, 't', template?.database)
      : undefined;
  const databaseUrl = testDatabase?.url ?? shared?.config.databaseUrl ?? baseConfig.databaseUrl;
  const config = { ...baseConfig, databaseUrl };
  const app = await buildApp(config, {
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });

  const headersFor = (options: CallOptions) => ({
    'x-requested-with': 'XMLHttpRequest',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  });
  const stamp = (params: Record<string, unknown>, options: CallOptions) => {
    const t = options.t ?? Date.now();
    const sig = options.sig === undefined ? signParams(params, t) : options.sig;
    return { t, ...(sig === null ? {} : { sig }) };
  };
  const shape = <T>(response: { statusCode: number; body: string; headers: ApiResponse['headers'] }) => ({
    status: response.statusCode,
    body: JSON.parse(response.body) as ApiResponse<T>['body'],
    headers: response.headers,
  });

  const testApp: TestApp = {
    ...app,
    logs,
    async get(url, query = {}, options = {}) {
      const signed = { ...query, ...stamp(query, options) };
      const search = new URLSearchParams(Object.entries(signed).map(([k, v]) => [k, String(v)]));
      return shape(await app.server.inject({ method: 'GET', url: `${url}?${search}`, headers: headersFor(options) }));
    },
    async post(url, body = {}, options = {}) {
      const payload = { ...body, ...stamp(body, options) };
      return shape(await app.server.inject({ method: 'POST', url, payload, headers: headersFor(options) }));
    },
    async upload(url, form, options = {}) {
      const fields: Record<string, unknown> = {};
      for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
      const search = new URLSearchParams(Object.entries(stamp(fields, options)).map(([k, v]) => [k, String(v)]));
      const request = new Request('http://test.local/', { method: 'POST', body: form });
      const payload = Buffer.from(await request.arrayBuffer());
      const headers = { ...headersFor(options), 'content-type': request.headers.get('content-type') ?? '' };
      return shape(await app.server.inject({ method: 'POST', url: `${url}?${search}`, payload, headers }));
    },
    async encrypt(password) {
      let key = keyCache.get(config.dataDir);
      if (!key) {
        const response = await testApp.get<{ publicKey: string }>('/api/v1/publicKey');
        key = response.body.data.publicKey;
        keyCache.set(config.dataDir, key);
      }
      return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
    },
    async login(account, password = 'Zikao@2026', side = 'teacher') {
      const url = side === 'teacher' ? '/api/v1/teacher/loginByPasswd' : '/api/auth/v1/loginByPasswd';
      const response = await testApp.post<{ token: string }>(url, {
        account,
        password: await testApp.encrypt(password),
      });
      if (response.body.errorCode !== 0) throw new Error(`login failed: ${response.body.errorMsg}`);
      return response.body.data.token;
    },
    async close() {
      await app.close();
      if (options.keepData) return;
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
      await testDatabase?.drop();
    },
  };
  return testApp;
}
