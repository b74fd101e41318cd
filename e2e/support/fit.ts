import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

interface Overflow {
  /** The document, or the layout's content area, which scrolls on its own. */
  box: 'page' | 'content';
  scroll: number;
  client: number;
  /** The outermost elements past the box's right edge, as `tag.class (to N px) "text"`. */
  culprits: string[];
}

/**
 * The page fits its width: neither the document nor the layout's content area scrolls sideways.
 * The content area has a scroll box of its own, so what overflows in it never widens the document.
 * A failure names what sticks out.
 */
export async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflows: Overflow[] = await page.evaluate(() => {
    const content = document.querySelector('[data-testid="layout-scroll"]');
    const boxes: Array<[Overflow['box'], Element]> = [['page', document.documentElement]];
    if (content) boxes.push(['content', content]);
    return boxes
      .filter(([, box]) => box.scrollWidth > box.clientWidth)
      .map(([name, box]) => {
        const edge =
          name === 'page' ? box.clientWidth : box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
        // What overflows inside the content area is reported there.
        const past = Array.from(box.querySelectorAll('*')).filter(
          (el) => !(name === 'page' && content?.contains(el)) && el.getBoundingClientRect().right > edge + 0.5,
        );
        const outermost = past.filter((el) => !past.some((other) => other !== el && other.contains(el)));
        return {
          box: name,
          scroll: box.scrollWidth,
          client: box.clientWidth,
          culprits: outermost.slice(0, 5).map((el) => {
            const right = Math.round(el.getBoundingClientRect().right);
            const text = (el.textContent ?? '').trim().slice(0, 30);
            return `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} (to ${right} px) "${text}"`;
          }),
        };
      });
  });
  const message = overflows.map(({ box, scroll, client, culprits }) => {
    const what =
      box === 'page' ? `${scroll} px wide on a ${client} px screen` : `content ${scroll} px wide in ${client} px`;
    return `${where}: ${what}; past the edge: ${culprits.join('; ') || 'nothing measurable'}`;
  });
  assert.ok(overflows.length === 0, message.join('\n'));
}
