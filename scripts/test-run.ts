// Runs one step of the test command and keeps what it printed about itself: its time, and the
// pass and fail counts that node's test runner prints at the end of a run.
import { spawn } from 'node:child_process';

export interface StepResult {
  label: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
}

/** The counts of node's test runner's closing lines (`ℹ pass N`, `ℹ fail N`) in its output. */
export function closingCounts(output: string): { passed: number; failed: number } {
  const count = (name: string) => {
    const matches = [...output.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))];
    return matches.reduce((sum, match) => sum + Number(match[1]), 0);
  };
  return { passed: count('pass'), failed: count('fail') };
}

/**
 * Runs a command with the output shown as it comes (each line prefixed with `prefix`, when two
 * steps run at once), and resolves with its time and counts once it exits.
 */
export function runStep(
  label: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; prefix?: string; cwd?: string } = {},
): Promise<StepResult> {
  const started = performance.now();
  console.log(`\n▶ ${label}  (${new Date().toISOString().slice(11, 19)})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    const show = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      const text = chunk.toString('utf8');
      output += text;
      if (output.length > 4_000_000) output = output.slice(-1_000_000);
      if (!options.prefix) {
        stream.write(text);
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) stream.write(`${options.prefix}${line}\n`);
    };
    child.stdout.on('data', (chunk: Buffer) => show(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => show(chunk, process.stderr));
    child.on('close', (code) => {
      if (pending) process.stdout.write(`${options.prefix ?? ''}${pending}\n`);
      const seconds = (performance.now() - started) / 1000;
      resolve({ label, ok: code === 0, seconds, ...closingCounts(output) });
    });
  });
}

/** The steps' times and counts as a table, then one closing line for the whole command. */
export function printSummary(results: StepResult[], totalSeconds: number): void {
  const width = Math.max(...results.map((result) => result.label.length));
  console.log('\nTest steps:');
  for (const result of results) {
    const counts = result.passed + result.failed > 0 ? `  ${result.passed} passed, ${result.failed} failed` : '';
    console.log(
      `  ${result.ok ? '✔' : '✖'} ${result.label.padEnd(width)}  ${result.seconds.toFixed(0).padStart(5)} s${counts}`,
    );
  }
  console.log(`  total ${totalSeconds.toFixed(0)} s`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  const broken = results.filter((result) => !result.ok).map((result) => result.label);
  if (broken.length > 0) console.log(`\nfailed steps: ${broken.join(', ')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
}
