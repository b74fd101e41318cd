import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Finds LibreOffice's soffice on PATH; null when Word conversion is not possible here. */
export function findSoffice(pathEnv: string | undefined): string | null {
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return null;
}
