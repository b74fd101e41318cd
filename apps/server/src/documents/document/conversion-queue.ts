import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { observeConversion, trackConversionQueue } from '../../system/health/conversion-metrics.ts';
import type { NetworkIsolation } from '../../system/network-isolation.ts';
import { withoutExternalLinks } from './offline-package.ts';

export interface ConversionResult {
  ok: boolean;
  /** The PDF, inside a job directory the caller removes with `cleanup()`. */
  pdfPath?: string;
  error?: string;
  /** External relationships removed from the package before LibreOffice saw it (adr/027). */
  droppedLinks?: number;
  cleanup(): Promise<void>;
}

/** What LibreOffice converts here: Word documents, and PowerPoint slides for courseware (issue 14). */
export type ConvertibleExtension = 'doc' | 'docx' | 'ppt' | 'pptx';

/** Office Open XML packages, whose external links are removed before conversion. */
const OOXML: ReadonlySet<ConvertibleExtension> = new Set(['docx', 'pptx']);

/**
 * The profile every job starts from: LibreOffice loads no linked picture (or other linked
 * resource) of a document it did not find in a trusted location, and none is trusted. Measured
 * with LibreOffice 25.2: linked pictures of DOCX, PPTX, DOC and PPT, over HTTP or `file:`, are
 * not loaded; a DOC's INCLUDEPICTURE still sends OPTIONS and HEAD (adr/027).
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

interface Job {
  input: string;
  extension: ConvertibleExtension;
  resolve(result: ConversionResult): void;
}

/**
 * Converts Word files to PDF with LibreOffice, a few at a time. Every job gets its own profile
 * directory: two conversions sharing one profile silently lose an output. A job that runs
 * past the timeout is killed with its whole process group. LibreOffice reaches nothing while
 * converting (adr/027): a DOCX or PPTX goes without its external links, the profile blocks linked
 * pictures, and soffice runs in a network namespace of its own where the system allows one.
 */
export class ConversionQueue {
  private readonly soffice: string;
  private readonly isolation: NetworkIsolation;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly waiting: Job[] = [];
  private running = 0;

  constructor(options: { soffice: string; isolation: NetworkIsolation; concurrency?: number; timeoutMs?: number }) {
    this.soffice = options.soffice;
    this.isolation = options.isolation;
    this.concurrency = options.concurrency ?? 2;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    trackConversionQueue(this);
  }

  /** Jobs waiting and running, for /metrics. */
  jobCounts(): { waiting: number; active: number } {
    return { waiting: this.waiting.length, active: this.running };
  }

  get pending(): number {
    return this.waiting.length + this.running;
  }

  convert(input: string, extension: ConvertibleExtension): Promise<ConversionResult> {
    return new Promise((resolve) => {
      this.waiting.push({ input, extension, resolve });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as Job;
      this.running += 1;
      const started = performance.now();
      void this.run(job).then((result) => {
        observeConversion((performance.now() - started) / 1000, result.ok ? 'ok' : 'failed');
        this.running -= 1;
        job.resolve(result);
        this.next();
      });
    }
  }

  private async run(job: Job): Promise<ConversionResult> {
    const dir = await mkdtemp(path.join(tmpdir(), 'zikao-convert-'));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    try {
      const input = path.join(dir, `source.${job.extension}`);
      const outDir = path.join(dir, 'out');
      const profile = path.join(dir, 'profile');
      let droppedLinks = 0;
      if (OOXML.has(job.extension)) {
        const offline = await withoutExternalLinks(job.input, input);
        if (!offline.ok) return { ok: false, error: `文档转换失败：${offline.reason}`, cleanup };
        droppedLinks = offline.droppedRelationships;
      } else {
        await copyFile(job.input, input);
      }
      await mkdir(path.join(profile, 'user'), { recursive: true });
      await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
      const args = [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ];
      const exit = await this.spawnWithTimeout(args);
      if (exit === 'timeout') return { ok: false, error: '文档转换超时，请检查文件是否损坏', cleanup };
      const produced = (await readdir(outDir).catch(() => [] as string[])).find((name) => name.endsWith('.pdf'));
      if (!produced) return { ok: false, error: '文档转换失败，文件可能已损坏', droppedLinks, cleanup };
      return { ok: true, pdfPath: path.join(outDir, produced), droppedLinks, cleanup };
    } catch (error) {
      return { ok: false, error: `文档转换失败：${(error as Error).message}`, cleanup };
    }
  }

  private spawnWithTimeout(args: string[]): Promise<number | 'timeout'> {
    return new Promise((resolve) => {
      // unshare execs soffice in the same process, so the group killed below is still soffice's.
      const [command = this.soffice, ...prefix] =
        this.isolation.kind === 'namespace' ? [...this.isolation.prefix, this.soffice] : [this.soffice];
      const child = spawn(command, [...prefix, ...args], { stdio: 'ignore', detached: true });
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        resolve('timeout');
      }, this.timeoutMs);
      child.on('error', () => {
        clearTimeout(timer);
        resolve(-1);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code ?? -1);
      });
    });
  }
}
