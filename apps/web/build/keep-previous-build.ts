import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the list of the last build's hashed files is kept, inside the output folder. */
const RECORD = '.vite/assets.json';

/**
 * Which files under assets/ to delete after a build: all but this build's and the one before's.
 * A tab opened before a rebuild or a deploy still asks for the old hashed chunks when it
 * navigates; they stay for one build, and older ones go so the folder does not grow for ever.
 */
export function assetsToRemove(
  onDisk: readonly string[],
  current: readonly string[],
  previous: readonly string[],
): string[] {
  const kept = new Set([...current, ...previous]);
  return onDisk.filter((file) => !kept.has(file));
}

async function listAssets(outDir: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(outDir, 'assets'), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

async function readRecord(outDir: string): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(outDir, RECORD), 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Replaces Vite's `emptyOutDir`: the output folder is not emptied before a build, and after it
 * only the assets of builds older than the previous one are removed. Use with emptyOutDir: false.
 */
export function keepPreviousBuild(): Plugin {
  return {
    name: 'zikao:keep-previous-build',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const current = Object.keys(bundle).filter((file) => file.startsWith('assets/'));
      const previous = await readRecord(outDir);
      for (const file of assetsToRemove(await listAssets(outDir), current, previous)) {
        await rm(path.join(outDir, file), { force: true });
      }
      await writeFile(path.join(outDir, RECORD), JSON.stringify(current));
    },
  };
}
