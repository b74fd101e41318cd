import { randomBytes, randomInt } from 'node:crypto';
import { type ListResult, type MajorInfo, normalizePhone, PHONE_PATTERN, passwordProblem, Role } from '@zikao/contract';
import type { AccountDto, AccountListQuery, StaffRole, TemporaryPasswordResult } from '@zikao/contract/console';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import { hashPassword } from '../../shared/passwords.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { AccountRepository, majorsOf } from './account.repository.ts';

// No 0/O, 1/l/I: the admin reads the password out to its owner.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A random 10-character temporary password with letters and digits, meeting the password rule. */
export function temporaryPassword(): string {
  const all = LETTERS + DIGITS;
  for (;;) {
    const chars = Array.from({ length: 10 }, () => all[randomInt(all.length)]);
    const password = chars.join('');
    if (passwordProblem(password) === null) return password;
  }
}

export function toAccountDto(row: UserRow): AccountDto {
  const majors = majorsOf(row).map((major) => major.majorName);
  return {
    id: row.id,
    name: row.name,
    account: row.account,
    role: row.role,
    status: row.disabled ? 'disabled' : 'active',
    mustChangePassword: row.must_change_password === 1,
    lockedUntil: row.locked_until > Date.now() ? row.locked_until : 0,
    // Accounts from before majors_json (and candidates) have only major_name, several joined by 、.
    majors: majors.length > 0 ? majors : row.major_name.split('、').filter(Boolean),
    examNumber: row.exam_number,
    createdAt: row.created_at,
  };
}

/** Accounts, kept by admins: create staff, edit, disable, reset a password. Every change is audited. */
/** What another area may know of a user. */
export interface Person {
  id: number;
  name: string;
  role: Role;
  disabled: boolean;
  /** An external reviewer (外审专家), who works through a review link only. */
  external: boolean;
}

export class AccountService {
  private readonly accounts: AccountRepository;
  private readonly audit: AuditService;

  constructor(deps: { accounts: AccountRepository; audit: AuditService }) {
    this.audit = deps.audit;
    this.accounts = deps.accounts;
  }
  /**
   * A person by id, as other areas need them: assignment names and checks the reviewer. `within`:
   * read in the caller's transaction (which sees its own uncommitted writes, and takes no second
   * connection from the pool while it holds one).
   */
  async person(id: number, within?: Kysely<Database>): Promise<Person | undefined> {
    const row = await (within ? new AccountRepository(within) : this.accounts).findById(id);
    return (
      row && {
        id: row.id,
        name: row.name,
        role: row.role,
        disabled: row.disabled === 1,
        external: row.external === 1,
      }
    );
  }

  /**
   * The user a review link acts as (adr/011), as the services see a caller; undefined when the
   * account is gone or disabled. It has no session: a link is its only way in.
   */
  async linkActor(id: number): Promise<SessionUser | undefined> {
    const row = await this.accounts.findById(id);
    if (!row || row.disabled) return undefined;
    return {
      id: row.id,
      role: row.role,
      account: row.account,
      name: row.name,
      mustChangePassword: false,
      sessionId: 0,
      row,
    };
  }

  async list(query: AccountListQuery): Promise<ListResult<AccountDto>> {
    const { rows, total } = await this.accounts.list(query);
    return { list: rows.map(toAccountDto), total, page: query.page, pageSize: query.pageSize };
  }

  majors(): Promise<MajorInfo[]> {
    return this.accounts.knownMajors();
  }

  /** A teacher, reviewer or admin with a temporary password that must be changed at first sign-in. */
  async create(
    admin: SessionUser,
    input: { name: string; phone: string; role: StaffRole; majors: string[] },
  ): Promise<TemporaryPasswordResult> {
    if (await this.accounts.findByAccount(input.phone)) throw invalidInput(`手机号 ${input.phone} 已有账号`);
    const majors = await this.majorInfos(input.majors);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const now = Date.now();
    const id = await this.accounts.transaction(async (accounts, trx) => {
      const created = await accounts.insert({
        account: input.phone,
        name: input.name,
        role: input.role,
        password_hash: passwordHash,
        must_change_password: 1,
        disabled: 0,
        failed_logins: 0,
        locked_until: 0,
        // Staff belong to the admin's institution.
        school_name: admin.row.school_name,
        school_logo: admin.row.school_logo,
        head_url: '',
        major_name: majors.map((major) => major.majorName).join('、'),
        majors_json: JSON.stringify(majors),
        apply_exam_level: '',
        exam_committee_name: admin.row.exam_committee_name,
        exam_number: null,
        platform: 'teacher',
        created_at: now,
        updated_at: now,
      });
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'accountCreate',
          entity: 'user',
          entityId: created,
          toStatus: 'active',
          detail: { subject: `${input.name}（${input.phone}）`, role: input.role, majors: input.majors },
        },
      ]);
      return created;
    });
    return { account: toAccountDto(await this.get(id)), temporaryPassword: password };
  }

  /**
   * An admin made from the command line (`npm run create-admin`), with no admin to make it: how a
   * deployment gets its first admin, since it has no demo (adr/028). A temporary password that
   * must be changed at first sign-in; the audit trail records it as 系统's.
   */
  async createAdmin(input: { phone: string; name: string; schoolName: string }): Promise<TemporaryPasswordResult> {
    const phone = normalizePhone(input.phone.trim());
    if (!PHONE_PATTERN.test(phone)) throw invalidInput('phone 手机号格式不正确');
    const name = input.name.trim();
    if (!name || name.length > 32) throw invalidInput('姓名须为 1–32 个字符');
    if (await this.accounts.findByAccount(phone)) throw invalidInput(`手机号 ${phone} 已有账号`);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const now = Date.now();
    const id = await this.accounts.transaction(async (accounts, trx) => {
      const created = await accounts.insert({
        account: phone,
        name,
        role: Role.admin,
        password_hash: passwordHash,
        must_change_password: 1,
        disabled: 0,
        failed_logins: 0,
        locked_until: 0,
        school_name: input.schoolName.trim(),
        school_logo: '',
        head_url: '',
        major_name: '',
        majors_json: '[]',
        apply_exam_level: '',
        exam_committee_name: '',
        exam_number: null,
        platform: 'teacher',
        created_at: now,
        updated_at: now,
      });
      await this.audit.record(trx, [
        {
          actorId: null,
          action: 'accountCreate',
          entity: 'user',
          entityId: created,
          toStatus: 'active',
          detail: { subject: `${name}（${phone}）`, role: Role.admin, majors: [], via: 'npm run create-admin' },
        },
      ]);
      return created;
    });
    return { account: toAccountDto(await this.get(id)), temporaryPassword: password };
  }

  /**
   * An external reviewer (外审专家) for a review link (adr/011): a reviewer named by the link's
   * label (name and unit), with no phone (its account is not a phone number, so no SMS reaches
   * it) and no usable password (the stored value is no scrypt hash, so every password fails).
   * It works only through its link. `within`: made in the caller's transaction, so that the account
   * is rolled back with the rest when the caller's work is refused (a review link's create).
   */
  async createExternalReviewer(admin: SessionUser, label: string, within?: Kysely<Database>): Promise<Person> {
    const now = Date.now();
    const account = `ext-${randomBytes(8).toString('hex')}`;
    const write = async (accounts: AccountRepository, trx: Kysely<Database>) => {
      const created = await accounts.insert({
        account,
        name: label,
        role: Role.reviewer,
        password_hash: `!review-link-only$${randomBytes(32).toString('base64url')}`,
        must_change_password: 0,
        disabled: 0,
        failed_logins: 0,
        locked_until: 0,
        school_name: '',
        school_logo: '',
        head_url: '',
        major_name: '',
        majors_json: '[]',
        apply_exam_level: '',
        exam_committee_name: admin.row.exam_committee_name,
        exam_number: null,
        platform: 'teacher',
        external: 1,
        created_at: now,
        updated_at: now,
      });
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'accountCreate',
          entity: 'user',
          entityId: created,
          toStatus: 'active',
          detail: { subject: `${label}（外审专家）`, role: Role.reviewer, external: true },
        },
      ]);
      return created;
    };
    const id = within ? await write(new AccountRepository(within), within) : await this.accounts.transaction(write);
    return { id, name: label, role: Role.reviewer, disabled: false, external: true };
  }

  /** Renames a staff account or changes its majors; candidates' details come from the import. */
  async update(admin: SessionUser, input: { userId: number; name: string; majors: string[] }): Promise<AccountDto> {
    const row = await this.get(input.userId);
    if (row.role === Role.student) throw forbidden('考生信息请通过考生导入修改');
    if (row.role === Role.reviewer && input.majors.length === 0) throw invalidInput('评阅教师至少选择一个专业');
    const majors = await this.majorInfos(input.majors);
    await this.accounts.transaction(async (accounts, trx) => {
      await accounts.update(row.id, {
        name: input.name,
        major_name: majors.map((major) => major.majorName).join('、'),
        majors_json: JSON.stringify(majors),
      });
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'accountUpdate',
          entity: 'user',
          entityId: row.id,
          detail: {
            subject: `${input.name}（${row.account}）`,
            before: { name: row.name, majors: majorsOf(row).map((m) => m.majorName) },
            after: { name: input.name, majors: input.majors },
          },
        },
      ]);
    });
    return toAccountDto(await this.get(row.id));
  }

  /** Disables (and signs out everywhere) or enables an account. */
  async setDisabled(admin: SessionUser, userId: number, disabled: boolean): Promise<AccountDto> {
    if (userId === admin.id) throw forbidden('不能停用或启用自己的账号');
    const row = await this.get(userId);
    const from = row.disabled ? 'disabled' : 'active';
    const to = disabled ? 'disabled' : 'active';
    if (from !== to) {
      await this.accounts.transaction(async (accounts, trx) => {
        // Enabling also lifts a lock from failed sign-ins.
        await accounts.update(userId, disabled ? { disabled: 1 } : { disabled: 0, failed_logins: 0, locked_until: 0 });
        if (disabled) await accounts.endSessions(userId);
        await this.audit.record(trx, [
          {
            actorId: admin.id,
            action: disabled ? 'accountDisable' : 'accountEnable',
            entity: 'user',
            entityId: userId,
            fromStatus: from,
            toStatus: to,
            detail: { subject: `${row.name}（${row.account}）` },
          },
        ]);
      });
    }
    return toAccountDto(await this.get(userId));
  }

  /**
   * A new temporary password, shown once. The account is signed out everywhere and must change
   * the password at its next sign-in (1030002 until it does).
   */
  async resetPassword(admin: SessionUser, userId: number): Promise<TemporaryPasswordResult> {
    if (userId === admin.id) throw forbidden('不能重置自己的密码，请在个人设置中修改');
    const row = await this.get(userId);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    await this.accounts.transaction(async (accounts, trx) => {
      await accounts.update(userId, {
        password_hash: passwordHash,
        must_change_password: 1,
        failed_logins: 0,
        locked_until: 0,
      });
      await accounts.endSessions(userId);
      await this.audit.record(trx, [
        {
          actorId: admin.id,
          action: 'accountResetPassword',
          entity: 'user',
          entityId: userId,
          detail: { subject: `${row.name}（${row.account}）` },
        },
      ]);
    });
    return { account: toAccountDto(await this.get(userId)), temporaryPassword: password };
  }

  private async get(userId: number): Promise<UserRow> {
    const row = await this.accounts.findById(userId);
    if (!row) throw notFound('账号不存在');
    return row;
  }

  /** Names to majorInfoList entries, with the code the system already knows for each name. */
  private async majorInfos(names: readonly string[]): Promise<MajorInfo[]> {
    if (names.length === 0) return [];
    const known = new Map((await this.accounts.knownMajors()).map((major) => [major.majorName, major.majorCode]));
    return names.map((majorName) => ({ majorCode: known.get(majorName) ?? '', majorName }));
  }
}
