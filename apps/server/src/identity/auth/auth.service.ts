import {
  normalizePhone,
  passwordProblem,
  Role,
  TEACHER_SIDE_ROLES,
  type UserInfo,
  type UserSession,
} from '@zikao/contract';
import { DEMO_SIGN_IN_REFUSED, isRefusedDemo } from '../../access/demo-accounts.ts';
import type { AppConfig } from '../../config.ts';
import {
  accountLocked,
  forbidden,
  invalidInput,
  mustChangePassword,
  notLoggedIn,
  wrongCode,
  wrongPassword,
} from '../../shared/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../shared/passwords.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { RsaKeys } from '../../shared/rsa.ts';
import { hashSecret, randomToken } from '../../shared/tokens.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import type { SessionsRepository, SessionWithUser } from './sessions.repository.ts';
import { toUserInfo, toUserSession } from './user-mapper.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;

/** Which sign-in a call came through: teacher side (/v1/teacher/...) or student side (/auth/v1/...). */
export type LoginSide = 'teacher' | 'student';

interface Deps {
  users: UsersRepository;
  sessions: SessionsRepository;
  rsa: RsaKeys;
  verification: VerificationService;
  config: AppConfig;
}

export class AuthService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /**
   * Signs in by password. Each guess reserves a try before the password is checked (at most
   * MAX_FAILED_LOGINS per LOCK_MS, however they arrive), and a sign-in name that is no account
   * is counted, timed and answered exactly as an account is: the answers never tell them apart.
   * Whether the account is disabled, external or on the other side is said only to someone who
   * gave its password.
   */
  async loginByPassword(side: LoginSide, account: string, cipher: string): Promise<UserSession> {
    const password = this.deps.rsa.decrypt(cipher, 'password');
    const name = normalizePhone(account);
    const user = await this.deps.users.findByAccount(name);
    const now = Date.now();
    const reserved = user
      ? await this.deps.users.reserveLoginTry(user.id, now, MAX_FAILED_LOGINS, LOCK_MS)
      : await this.deps.users.reserveUnknownLoginTry(name, now, MAX_FAILED_LOGINS, LOCK_MS);
    if (!reserved) {
      const lockedUntil = user ? await this.lockedUntil(user.id) : await this.deps.users.unknownLockedUntil(name);
      throw lockedError(lockedUntil, Date.now());
    }
    const right = user
      ? await verifyPassword(password, user.password_hash)
      : await burnPasswordCheck(password).then(() => false);
    if (!user || !right) {
      if (reserved.lockedUntil > 0) {
        throw wrongPassword(`账号或密码错误，已连续错误 ${MAX_FAILED_LOGINS} 次，账号锁定 15 分钟`);
      }
      if (!user && Math.random() < 0.01) await this.deps.users.purgeUnknownLoginTries(now - LOCK_MS);
      throw wrongPassword();
    }
    await this.deps.users.update(user.id, { failed_logins: 0, locked_until: 0 });
    if (user.disabled) throw accountLocked('账号已停用，请联系管理员');
    refuseExternal(user);
    this.refuseDemo(user);
    this.checkSide(side, user);
    return this.startSession(user);
  }

  private async lockedUntil(userId: number): Promise<number> {
    return (await this.deps.users.findById(userId))?.locked_until ?? 0;
  }

  /**
   * Sends a sign-in code, after the image captcha. Every phone answers alike: the send limits
   * count for it whether or not it is an account, and a phone that is no account gets no SMS
   * (nor a code anyone could know). An account on the other side gets its code, and is told to
   * use the other entrance once it signs in with it: only the phone's owner learns the role. A
   * deployment sends nothing to a demo account's phone, which may well be a stranger's (adr/028).
   */
  async sendLoginCode(_side: LoginSide, input: { phone: string; captchaId: string; captcha: string }): Promise<void> {
    await this.deps.verification.checkCaptcha(input.captchaId, input.captcha);
    const user = await this.deps.users.findByAccount(normalizePhone(input.phone));
    const deliver = Boolean(user) && !isRefusedDemo(this.deps.config.deployment, user);
    await this.deps.verification.sendSmsCode(input.phone, { deliver });
  }

  async loginBySms(side: LoginSide, phone: string, code: string): Promise<UserSession> {
    const account = normalizePhone(phone);
    await this.deps.verification.consumeSmsCode(account, code);
    const user = await this.deps.users.findByAccount(account);
    if (!user) throw wrongCode('验证码错误或已过期，请重新获取');
    if (user.disabled) throw accountLocked('账号已停用，请联系管理员');
    refuseExternal(user);
    this.refuseDemo(user);
    this.checkSide(side, user);
    return this.startSession(user);
  }

  /** Resolves a bearer or cookie token to its user; throws 1030001 for an expired session. */
  async resolveSession(token: string): Promise<SessionUser | null> {
    const session = await this.deps.sessions.findByToken(token);
    if (!session) return null;
    if (session.expiresAt <= Date.now()) {
      await this.deps.sessions.delete(session.sessionId);
      throw notLoggedIn('登录已过期，请重新登录');
    }
    return this.callerOf(session);
  }

  /**
   * The user of a session held in memory and still current, without a promise; undefined when
   * only `resolveSession` can tell (not in memory, or expired and to be deleted).
   */
  knownSession(token: string): SessionUser | undefined {
    const session = this.deps.sessions.findInMemory(token);
    if (!session || session.expiresAt <= Date.now()) return undefined;
    return this.callerOf(session);
  }

  async logout(user: SessionUser): Promise<void> {
    await this.deps.sessions.delete(user.sessionId);
  }

  /** The caller's profile, from the row the session lookup already read. */
  userInfo(user: SessionUser): UserInfo {
    return toUserInfo(user.row);
  }

  /** Changes the password and ends every session of the account, so it signs in again. */
  async updatePassword(user: SessionUser, oldCipher: string, newCipher: string): Promise<void> {
    const oldPassword = this.deps.rsa.decrypt(oldCipher, 'oldPassword');
    const newPassword = this.deps.rsa.decrypt(newCipher, 'newPassword');
    const row = await this.deps.users.findById(user.id);
    if (!row) throw notLoggedIn();
    if (!(await verifyPassword(oldPassword, row.password_hash))) throw wrongPassword('原密码错误');
    const problem = passwordProblem(newPassword);
    if (problem) throw invalidInput(`新密码${problem}`);
    if (newPassword === oldPassword) throw invalidInput('新密码不能与原密码相同');
    await this.deps.users.update(user.id, {
      password_hash: await hashPassword(newPassword),
      must_change_password: 0,
      failed_logins: 0,
      locked_until: 0,
    });
    await this.deps.sessions.deleteAllForUser(user.id);
  }

  /** 1030002 for an account that must change its password first. */
  assertPasswordCurrent(user: SessionUser): void {
    if (user.mustChangePassword) throw mustChangePassword();
  }

  /** A demo account, on a deployment: 1030003 (adr/028). */
  private refuseDemo(user: UserRow): void {
    if (isRefusedDemo(this.deps.config.deployment, user)) throw forbidden(DEMO_SIGN_IN_REFUSED);
  }

  /**
   * The caller as the hooks and services see it; throws 1030001 for a disabled account, and for a
   * demo account's session on a deployment (one made before the server ran as one, adr/028).
   */
  private callerOf(session: SessionWithUser): SessionUser {
    if (isRefusedDemo(this.deps.config.deployment, session.user)) throw notLoggedIn(DEMO_SIGN_IN_REFUSED);
    return sessionUserOf(session);
  }

  private checkSide(side: LoginSide, user: UserRow): void {
    const teacherSide = TEACHER_SIDE_ROLES.includes(user.role);
    if (side === 'teacher' && !teacherSide) throw forbidden('该账号为考生账号，请从考生登录入口登录');
    if (side === 'student' && user.role !== Role.student) throw forbidden('该账号不是考生账号，请从教师登录入口登录');
  }

  private async startSession(user: UserRow): Promise<UserSession> {
    const token = randomToken();
    const expire = Date.now() + this.deps.config.sessionTtlMs;
    await this.deps.sessions.create(user.id, hashSecret(token), expire);
    return toUserSession(user, token, expire);
  }
}

/** External reviewers (外审专家) never sign in: they work through their review link (adr/011). */
function refuseExternal(user: UserRow): void {
  if (user.external === 1) throw forbidden('外审专家账号不能登录，请通过评阅链接评阅');
}

/** The caller as the hooks and services see it; throws 1030001 for a disabled account. */
function sessionUserOf(session: SessionWithUser): SessionUser {
  const { user } = session;
  if (user.disabled) throw notLoggedIn('账号已停用，请联系管理员');
  return {
    id: user.id,
    role: user.role,
    account: user.account,
    name: user.name,
    mustChangePassword: user.must_change_password === 1,
    sessionId: session.sessionId,
    row: user,
  };
}

/** 1060003 while a lock lasts, in whole minutes. */
function lockedError(lockedUntil: number, now: number): Error {
  const minutes = Math.min(LOCK_MS / 60_000, Math.max(1, Math.ceil((lockedUntil - now) / 60_000)));
  return accountLocked(`账号已锁定，请 ${minutes} 分钟后再试`);
}
