import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createGunzip, createGzip } from 'node:zlib';
import type { AppConfig } from '../../config.ts';
import { createStorage } from '../../shared/storage/create-storage.ts';
import { hashOfKey, objectKey } from '../../shared/storage/storage.ts';
import { readTar, TarWriter } from './tar.ts';

const DATABASE = 'zikao.sqlite';
const KEYS = 'keys';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite';
  files: number;
  keys: string[];
}

type BackupConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;

/**
 * An online backup of an embedded install into one .tar.gz (adr/015): a consistent copy of the
 * SQLite database made with `VACUUM INTO` (a read transaction: the server goes on writing), every
 * stored file (from disk or the bucket), and DATA_DIR/keys (the RSA key and the link secret).
 * Files are copied after the database, so every file the copy names is in the archive (stored
 * files are never changed, only added).
 */
export async function createBackup(config: BackupConfig, archive: string): Promise<BackupManifest> {
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL 指向 PostgreSQL：数据库请用 pg_dump 备份，文件请用存储桶的版本与复制（见 docs/deploy.md）',
    );
  }
  const source = path.join(config.dataDir, DATABASE);
  if (!existsSync(source)) throw new Error(`${source} 不存在：DATA_DIR 中没有数据库`);
  const work = mkdtempSync(path.join(path.dirname(path.resolve(archive)), '.backup-'));
  const partial = `${archive}.part`;
  const storage = await createStorage(config);
  try {
    const copy = path.join(work, DATABASE);
    const sqlite = new DatabaseSync(source);
    try {
      sqlite.exec('PRAGMA busy_timeout = 10000');
      sqlite.prepare('VACUUM INTO ?').run(copy);
    } finally {
      sqlite.close();
    }

    const gzip = createGzip();
    const out = createWriteStream(partial);
    const written = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
      gzip.on('error', reject);
    });
    gzip.pipe(out);
    const tar = new TarWriter(gzip);
    await tar.add(DATABASE, (await stat(copy)).size, createReadStream(copy));
    const keysDir = path.join(config.dataDir, KEYS);
    const keys = existsSync(keysDir) ? readdirSync(keysDir).sort() : [];
    for (const name of keys) {
      const bytes = await readFile(path.join(keysDir, name));
      await tar.add(`${KEYS}/${name}`, bytes.length, bytes);
    }
    let files = 0;
    for await (const sha256 of storage.keys()) {
      await tar.add(objectKey(sha256), await storage.size(sha256), await storage.read(sha256));
      files += 1;
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'sqlite',
      files,
      keys,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add('manifest.json', manifestBytes.length, manifestBytes);
    await tar.finish();
    await written;
    await rename(partial, archive);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    rmSync(work, { recursive: true, force: true });
    await storage.close();
  }
}

/**
 * Restores an archive made by createBackup into DATA_DIR (and its files into the configured
 * storage: the disk or the bucket). Refuses a DATA_DIR that holds anything unless `force`. Every
 * file is checked against its hash on the way in. The archive is unpacked into a directory beside
 * DATA_DIR and moved in only once it is whole: a cut or damaged archive, or a restore killed on
 * the way, leaves DATA_DIR as it was.
 */
export async function restoreBackup(
  config: BackupConfig,
  archive: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  if (config.databaseUrl) throw new Error('DATABASE_URL 已设置：PostgreSQL 请用 pg_restore 恢复（见 docs/deploy.md）');
  if (!existsSync(archive)) throw new Error(`${archive} 不存在`);
  const dataDir = path.resolve(config.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0 && !options.force) {
    throw new Error(`${dataDir} 不是空目录；确认要覆盖请加 --force`);
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-`));
  try {
    const manifest = await unpack(archive, { ...config, dataDir: staging });
    // The storage's scratch files are not part of an install.
    rmSync(path.join(staging, 'tmp'), { recursive: true, force: true });
    await moveInto(staging, dataDir);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive into `config.dataDir`, checking every file; throws on anything missing or wrong. */
async function unpack(archive: string, config: BackupConfig): Promise<BackupManifest> {
  const dataDir = config.dataDir;
  mkdirSync(path.join(dataDir, KEYS), { recursive: true });
  const storage = await createStorage(config);
  let manifest: BackupManifest | null = null;
  let sawDatabase = false;
  try {
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
      if (entry.name === DATABASE) {
        await writeStream(entry.body, path.join(dataDir, DATABASE));
        sawDatabase = true;
      } else if (entry.name.startsWith(`${KEYS}/`) && /^[\w.-]+$/.test(entry.name.slice(KEYS.length + 1))) {
        await writeStream(entry.body, path.join(dataDir, entry.name));
      } else if (entry.name === 'manifest.json') {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      } else {
        const sha256 = hashOfKey(entry.name);
        if (!sha256) throw new Error(`备份中有无法识别的条目：${entry.name}`);
        const temp = storage.tempPath();
        const hash = await writeStream(entry.body, temp);
        if (hash !== sha256) {
          await rm(temp, { force: true });
          throw new Error(`备份已损坏：${entry.name} 的内容与其 SHA-256 不符`);
        }
        await storage.putTempFile(temp, sha256);
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' || /unexpected end/i.test((error as Error).message)) {
      throw new Error('备份不完整：归档文件被截断');
    }
    throw error;
  } finally {
    await storage.close();
  }
  if (!sawDatabase || !manifest) throw new Error('备份不完整：缺少数据库或清单');
  return manifest;
}

/**
 * Moves an unpacked install into DATA_DIR: each of its entries replaces the one of that name, and
 * the old database's WAL and shared-memory files go with it.
 */
async function moveInto(staging: string, dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) {
    await rename(staging, dataDir);
    return;
  }
  const target = path.join(dataDir, DATABASE);
  for (const suffix of ['-wal', '-shm']) await rm(`${target}${suffix}`, { force: true });
  for (const name of readdirSync(staging)) {
    await rm(path.join(dataDir, name), { recursive: true, force: true });
    await rename(path.join(staging, name), path.join(dataDir, name));
  }
}

async function writeStream(body: AsyncIterable<Buffer>, file: string): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } catch (error) {
    // The archive ended or broke mid-entry: the file is abandoned, and its own errors with it.
    done.catch(() => {});
    out.destroy();
    throw error;
  }
  out.end();
  await done;
  return hash.digest('hex');
}
