import { Role } from '@zikao/contract';
import { hashPassword } from '../shared/passwords.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
let cachedHash: { password: string; hash: Promise<string> } | undefined;

export interface BuiltUser {
  id: number;
  account: string;
  password: string;
}

/** Inserts a user; phones are unique per call. Password defaults to the demo one. */
export async function buildUser(
  app: TestApp,
  overrides: {
    role?: Role;
    account?: string;
    password?: string;
    mustChange?: boolean;
    disabled?: boolean;
    name?: string;
  } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const password = overrides.password ?? 'Zikao@2026';
  if (cachedHash?.password !== password) cachedHash = { password, hash: hashPassword(password) };
  const account =
    overrides.account ?? `139${String(process.pid % 10000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
  const now = Date.now();
  const row = await app.database.db
    .insertInto('users')
    .values({
      account,
      name: overrides.name ?? `测试用户${sequence}`,
      role: overrides.role ?? Role.teacher,
      password_hash: await cachedHash.hash,
      must_change_password: overrides.mustChange ? 1 : 0,
      disabled: overrides.disabled ? 1 : 0,
      failed_logins: 0,
      locked_until: 0,
      school_name: '测试学院',
      school_logo: '',
      head_url: '',
      major_name: '汉语言文学',
      majors_json: '[]',
      apply_exam_level: '',
      exam_committee_name: '',
      exam_number: null,
      platform: 'teacher',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, account, password };
}

/** Uploads a PDF as a review document for the token's user and waits until it is ready. */
export async function buildDocument(app: TestApp, token: string, pdf: Buffer): Promise<number> {
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(pdf)]), 'thesis.pdf');
  const response = await app.upload<{ documentId: number }>('/api/v1/upload', form, { token });
  if (response.body.errorCode !== 0) throw new Error(`upload failed: ${response.body.errorMsg}`);
  await app.documents.settled(response.body.data.documentId);
  return response.body.data.documentId;
}
