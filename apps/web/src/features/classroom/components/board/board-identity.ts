/**
 * Who this browser is on boards: a random id kept in localStorage (a reload or a reconnect is the
 * same attendee, and sees its own hand-ins), and the name a guest gave.
 */
const CLIENT_KEY = 'zk-board-client';
const NAME_KEY = 'zk-board-guest-name';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replaceAll('-', '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (a private window): the id lives as long as the page.
  }
}

let pageClientId: string | null = null;

export function boardClientId(): string {
  const kept = read(CLIENT_KEY);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  pageClientId ??= randomId();
  write(CLIENT_KEY, pageClientId);
  return pageClientId;
}

export function guestName(): string {
  return (read(NAME_KEY) ?? '').trim().slice(0, 40);
}

export function rememberGuestName(name: string): void {
  write(NAME_KEY, name.trim().slice(0, 40));
}
