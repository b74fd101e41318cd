import { SMS_COOLDOWN_SECONDS } from '../../shared/config/constants.ts';

export const SMS_COOLDOWN_KEY = 'zikao_sms_cooldown_until';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whole seconds left before another SMS code may be requested; 0 when it may. */
export function cooldownRemaining(storage: StorageLike, now: number): number {
  const until = Number(storage.getItem(SMS_COOLDOWN_KEY));
  if (!Number.isFinite(until) || until <= now) return 0;
  return Math.min(SMS_COOLDOWN_SECONDS, Math.ceil((until - now) / 1000));
}

/** Starts the 60 s cooldown; kept in storage so it survives a reload. */
export function startCooldown(storage: StorageLike, now: number): number {
  storage.setItem(SMS_COOLDOWN_KEY, String(now + SMS_COOLDOWN_SECONDS * 1000));
  return SMS_COOLDOWN_SECONDS;
}
