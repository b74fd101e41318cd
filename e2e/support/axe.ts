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

/** Waits until no CSS animation or transition runs, but looping ones such as spinners. */
async function animationsSettled(page: Page): Promise<void> {
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
}

async function runAxe(page: Page): Promise<Violation[]> {
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

const nodeKey = (id: string, node: { target: string[] }) => `${id} ${JSON.stringify(node.target)}`;

/**
 * Runs axe-core in the page and returns the serious and critical violations. It waits for CSS
 * animations and transitions to finish first: colours sampled mid-fade (a collapsing menu, an
 * opening drawer) are not what a user reads. Looping animations, such as spinners, are ignored.
 *
 * A screen can still change between that wait and axe's run (a lazily loaded part mounts, and its
 * controls fade in), so a run that finds violations is repeated once the page has settled again,
 * and only what both runs find is returned: a lasting violation is in both.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol rather than added as a <script>: the app's
  // Content-Security-Policy (rightly) refuses inline scripts, and the check must not weaken it.
  await page.evaluate(source);
  await animationsSettled(page);
  const first = await runAxe(page);
  if (first.length === 0) return first;
  await new Promise((resolve) => setTimeout(resolve, 500));
  await animationsSettled(page);
  const again = new Set((await runAxe(page)).flatMap((item) => item.nodes.map((node) => nodeKey(item.id, node))));
  return first
    .map((item) => ({ ...item, nodes: item.nodes.filter((node) => again.has(nodeKey(item.id, node))) }))
    .filter((item) => item.nodes.length > 0);
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map((item) => `${item.impact} ${item.id}: ${item.help} at ${JSON.stringify(item.nodes.map((n) => n.target))}`)
    .join('\n');
}
