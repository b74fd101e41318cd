import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. It waits for CSS
 * animations and transitions to finish first: colours sampled mid-fade (a collapsing menu, an
 * opening drawer) are not what a user reads. Looping animations, such as spinners, are ignored.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    null,
    { timeout: 10_000 },
  );
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol rather than added as a <script>: the app's
  // Content-Security-Policy (rightly) refuses inline scripts, and the check must not weaken it.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((item) => ({
      id: item.id,
      impact: item.impact,
      help: item.help,
      nodes: item.nodes.map((node) => ({ target: node.target })),
    }));
  });
  return violations.filter((item) => item.impact === 'serious' || item.impact === 'critical');
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map((item) => `${item.impact} ${item.id}: ${item.help} at ${JSON.stringify(item.nodes.map((n) => n.target))}`)
    .join('\n');
}
