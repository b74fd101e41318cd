import { Role } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../shared/passwords.ts';

export const DEMO_PASSWORD = 'Zikao@2026';

const SCHOOL = '华南师范大学';
const COMMITTEE = '广东省高等教育自学考试委员会';

export const DEMO_ACCOUNTS = [
  { account: '13800000001', name: '李同学', role: Role.student, examNumber: '030124100001', major: '汉语言文学' },
  { account: '13800000002', name: '王老师', role: Role.teacher, examNumber: null, major: '汉语言文学' },
  { account: '13800000003', name: '陈评阅', role: Role.reviewer, examNumber: null, major: '汉语言文学' },
  { account: '13800000004', name: '赵管理', role: Role.admin, examNumber: null, major: '' },
] as const;

/** Fills an empty database with one account per role and one batch. Does nothing otherwise. */
export async function seedDemoData(db: Kysely<Database>, options: { mustChangePhone?: string } = {}): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: Array<{
    account: string;
    name: string;
    role: Role;
    examNumber: string | null;
    major: string;
    mustChange?: boolean;
  }> = [...DEMO_ACCOUNTS];
  if (options.mustChangePhone) {
    accounts.push({
      account: options.mustChangePhone,
      name: '新教师',
      role: Role.teacher,
      examNumber: null,
      major: '',
      mustChange: true,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (const a of accounts) {
      await trx
        .insertInto('users')
        .values({
          account: a.account,
          name: a.name,
          role: a.role,
          password_hash: passwordHash,
          must_change_password: a.mustChange ? 1 : 0,
          disabled: 0,
          failed_logins: 0,
          locked_until: 0,
          school_name: SCHOOL,
          school_logo: '',
          head_url: '',
          major_name: a.major,
          majors_json: JSON.stringify(a.major ? [{ majorCode: '050101', majorName: a.major }] : []),
          apply_exam_level: a.role === Role.student ? '本科' : '',
          exam_committee_name: COMMITTEE,
          exam_number: a.examNumber,
          platform: a.role === Role.student ? 'student' : 'teacher',
          demo: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('batches')
      .values({
        name: '2026年下半年',
        status: 'open',
        rules_json: JSON.stringify({
          uploadLimit: 4,
          plagiarismThreshold: 30,
          minCommentLength: 50,
          blindReview: false,
        }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return true;
}
