const PREFIX = 'zikao_pref';

/** Who is signed in; the app binds it to the session store when it mounts. */
let owner: () => number = () => 0;

/** Ties preferences to the signed-in person (called once by the app, like the toast and navigator). */
export function bindPreferenceOwner(currentUserId: () => number): void {
  owner = currentUserId;
}

/** The storage key of one person's preference: two people sharing a browser keep their own. */
function keyOf(name: string): string {
  return `${PREFIX}:${owner() || 0}:${name}`;
}

/**
 * A preference of the signed-in person (a panel's width, the zoom), kept in localStorage. A value
 * that is missing or that `parse` refuses gives null; private mode keeps nothing and says nothing.
 */
export function readPreference<T>(name: string, parse: (raw: string) => T | null): T | null {
  try {
    const raw = localStorage.getItem(keyOf(name));
    return raw === null ? null : parse(raw);
  } catch {
    return null;
  }
}

/** Stores a preference of the signed-in person; null forgets it. */
export function writePreference(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(keyOf(name));
    else localStorage.setItem(keyOf(name), value);
  } catch {
    // Private mode: the preference lasts for this visit only.
  }
}
