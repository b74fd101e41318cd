import type { MajorInfo, UserSession } from '@zikao/contract/auth';

/** Which sign-in the session came from: the student calls or the teacher calls. */
export type Side = 'teacher' | 'student';

/** The user session of seed section 3, plus the side it belongs to. */
export interface SessionState {
  side: Side;
  token: string;
  account: string;
  name: string;
  id: number;
  userRole: number;
  headUrl: string;
  schoolLogo: string;
  schoolName: string;
  platform: string;
  applyExamLevel: string;
  examCommitteeName: string;
  expire: number;
  majorName: string;
  status: number;
  majorInfoList: MajorInfo[];
}

export const STORAGE_KEYS = {
  /** The token, for both sides: the guard looks for it in local storage (seed 4.4). */
  token: 'zikao_token',
  /** Student session, in localStorage, without `platform` (seed 3). */
  student: 'zikao_student_session',
  /** Teacher-side state, in sessionStorage (seed 3). */
  teacher: 'zikao_teacher_session',
} as const;

/** What logout clears (seed 4.5): token, account, username, role, id and head image. */
export const LOGOUT_FIELDS = ['token', 'account', 'name', 'userRole', 'id', 'headUrl'] as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const EMPTY_SESSION: SessionState = {
  side: 'teacher',
  token: '',
  account: '',
  name: '',
  id: 0,
  userRole: 0,
  headUrl: '',
  schoolLogo: '',
  schoolName: '',
  platform: '',
  applyExamLevel: '',
  examCommitteeName: '',
  expire: 0,
  majorName: '',
  status: 0,
  majorInfoList: [],
};

export function sessionFromLogin(side: Side, session: UserSession): SessionState {
  return { ...EMPTY_SESSION, ...session, side, majorInfoList: session.majorInfoList ?? [] };
}

function readJson(storage: StorageLike, key: string): Partial<SessionState> | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as Partial<SessionState>) : null;
  } catch {
    return null;
  }
}

/** Writes the session where the seed keeps it: students in localStorage, teachers in sessionStorage. */
export function saveSession(state: SessionState, local: StorageLike, session: StorageLike): void {
  if (state.token) local.setItem(STORAGE_KEYS.token, state.token);
  else local.removeItem(STORAGE_KEYS.token);
  if (state.side === 'student') {
    const { platform: _platform, side: _side, ...persisted } = state;
    local.setItem(STORAGE_KEYS.student, JSON.stringify(persisted));
  } else {
    const { side: _side, ...persisted } = state;
    session.setItem(STORAGE_KEYS.teacher, JSON.stringify(persisted));
  }
}

/** Reads the stored session back; the token in local storage wins over a stale copy. */
export function loadSession(local: StorageLike, session: StorageLike): SessionState {
  const token = local.getItem(STORAGE_KEYS.token) ?? '';
  const student = readJson(local, STORAGE_KEYS.student);
  if (student?.token && student.token === token) return { ...EMPTY_SESSION, ...student, side: 'student', token };
  const teacher = readJson(session, STORAGE_KEYS.teacher);
  if (teacher?.token && teacher.token === token) return { ...EMPTY_SESSION, ...teacher, side: 'teacher', token };
  // A token alone (another tab, or handed over in the URL): the role is fetched again.
  return { ...EMPTY_SESSION, token };
}

/** Logout: removes exactly the fields of seed 4.5 from both stores and the token key. */
export function clearSessionStorage(local: StorageLike, session: StorageLike): void {
  local.removeItem(STORAGE_KEYS.token);
  for (const [storage, key] of [
    [local, STORAGE_KEYS.student],
    [session, STORAGE_KEYS.teacher],
  ] as const) {
    const stored = readJson(storage, key);
    if (!stored) continue;
    for (const field of LOGOUT_FIELDS) delete stored[field];
    storage.setItem(key, JSON.stringify(stored));
  }
}

/** The in-memory session after logout: the same fields cleared, the rest kept. */
export function clearedSession(state: SessionState): SessionState {
  return { ...state, token: '', account: '', name: '', userRole: 0, id: 0, headUrl: '' };
}
