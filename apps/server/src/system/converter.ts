import { accessSync, constants, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Finds LibreOffice's soffice on PATH; null when Word conversion is not possible here. */
export function findSoffice(pathEnv: string | undefined): string | null {
  return findExecutable(pathEnv, ['soffice', 'libreoffice']);
}

/** The first of `names` that is an executable file in a directory of PATH; null when none is. */
export function findExecutable(pathEnv: string | undefined, names: readonly string[]): string | null {
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
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

/** The fontconfig file kept in the repository for Word conversion (adr/020). */
export const WORD_FONTS_CONF = path.resolve(import.meta.dirname, '../../../../deploy/fonts/fonts.conf');

const launchers = new Map<string, string>();

/**
 * A launcher that runs `soffice` with the repository's fontconfig file (FONTCONFIG_FILE), so
 * 宋体 becomes a Ming face, Times New Roman Liberation Serif, and so on, for LibreOffice only.
 * It `exec`s soffice, so the process group the conversion queue kills on timeout is soffice's.
 * Written once per process into the temp directory; give its path to the conversion queue.
 */
export function withWordFonts(soffice: string, fontsConf = WORD_FONTS_CONF): string {
  const key = `${soffice}\0${fontsConf}`;
  const known = launchers.get(key);
  if (known) return known;
  const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const dir = mkdtempSync(path.join(tmpdir(), 'zikao-soffice-'));
  const launcher = path.join(dir, 'soffice');
  writeFileSync(
    launcher,
    `#!/bin/sh\nFONTCONFIG_FILE=${quote(fontsConf)}\nexport FONTCONFIG_FILE\nexec ${quote(soffice)} "$@"\n`,
    { mode: 0o755 },
  );
  launchers.set(key, launcher);
  return launcher;
}
