import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { observeConversion, trackConversionQueue } from '../../system/health/conversion-metrics.ts';

export interface ConversionResult {
  ok: boolean;
  /** The PDF, inside a job directory the caller removes with `cleanup()`. */
  pdfPath?: string;
  error?: string;
  cleanup(): Promise<void>;
}

/** What LibreOffice converts here: Word documents, and PowerPoint slides for courseware (issue 14). */
export type ConvertibleExtension = 'doc' | 'docx' | 'ppt' | 'pptx';

interface Job {
  input: string;
  extension: ConvertibleExtension;
  resolve(result: ConversionResult): void;
}

/**
 * Converts Word files to PDF with LibreOffice, a few at a time. Every job gets its own profile
 * directory: two conversions sharing one profile silently lose an output. A job that runs
 * past the timeout is killed with its whole process group.
 */
export class ConversionQueue {
  private readonly soffice: string;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly waiting: Job[] = [];
  private running = 0;

  constructor(options: { soffice: string; concurrency?: number; timeoutMs?: number }) {
    this.soffice = options.soffice;
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
      await copyFile(job.input, input);
      const args = [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
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
      if (!produced) return { ok: false, error: '文档转换失败，文件可能已损坏', cleanup };
      return { ok: true, pdfPath: path.join(outDir, produced), cleanup };
    } catch (error) {
      return { ok: false, error: `文档转换失败：${(error as Error).message}`, cleanup };
    }
  }

  private spawnWithTimeout(args: string[]): Promise<number | 'timeout'> {
    return new Promise((resolve) => {
      const child = spawn(this.soffice, args, { stdio: 'ignore', detached: true });
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
