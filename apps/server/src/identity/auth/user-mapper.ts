import type { MajorInfo, UserInfo, UserSession } from '@zikao/contract';
import type { UserRow } from './users.repository.ts';

function majors(row: UserRow): MajorInfo[] {
  try {
    const parsed = JSON.parse(row.majors_json) as unknown;
    return Array.isArray(parsed) ? (parsed as MajorInfo[]) : [];
  } catch {
    return [];
  }
}

/** The User session of seed section 3. Only these fields leave the server. */
export function toUserSession(row: UserRow, token: string, expire: number): UserSession {
  return {
    applyExamLevel: row.apply_exam_level,
    examCommitteeName: row.exam_committee_name,
    expire,
    majorName: row.major_name,
    schoolName: row.school_name,
    status: row.disabled ? 0 : 1,
    token,
    userRole: row.role,
    name: row.name,
    id: row.id,
    majorInfoList: majors(row),
    headUrl: row.head_url,
    schoolLogo: row.school_logo,
    platform: row.platform,
    account: row.account,
  };
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    name: row.name,
    account: row.account,
    userRole: row.role,
    headUrl: row.head_url,
    schoolLogo: row.school_logo,
    schoolName: row.school_name,
    platform: row.platform,
    majorName: row.major_name,
    mustChangePassword: row.must_change_password === 1,
  };
}
