import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VersionInfo } from '@zikao/contract';
import type { DialectKind } from '../db/migrate.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function readCommit(): string {
  try {
    const head = readFileSync(path.join(repoRoot, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    return readFileSync(path.join(repoRoot, '.git', head.slice(5)), 'utf8')
      .trim()
      .slice(0, 12);
  } catch {
    return 'unknown';
  }
}

/** What /v1/version reports, worked out once at start-up. */
export function buildVersionInfo(
  dialect: DialectKind,
  commit: string | undefined,
  soffice: string | null,
): VersionInfo {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return {
    version: pkg.version,
    commit: commit ?? readCommit(),
    database: dialect,
    converter: soffice
      ? { available: true, detail: `LibreOffice（${soffice}）` }
      : { available: false, detail: '未安装 LibreOffice，Word 文档上传将被拒绝' },
    nodeVersion: process.version,
  };
}
