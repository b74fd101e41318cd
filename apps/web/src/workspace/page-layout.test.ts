import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutPages, pageAtY, pagesInView } from './page-layout.ts';

describe('page virtualisation', () => {
  const sizes = Array.from({ length: 300 }, () => ({ width: 595, height: 842 }));

  it('renders only the pages near the viewport of a 300-page thesis', () => {
    const layout = layoutPages(sizes, 1);
    const middle = layout.tops[150] as number;
    const pages = pagesInView(layout, middle + 10, 800);
    assert.deepEqual(pages, [149, 150, 151]);
    assert.deepEqual(pagesInView(layout, middle + 500, 800), [149, 150, 151, 152]);
    assert.ok(layout.total > 300 * 842);
  });

  it('finds the page at any scroll position and clamps at both ends', () => {
    const layout = layoutPages(sizes, 0.5);
    assert.equal(pageAtY(layout, 0), 0);
    assert.equal(pageAtY(layout, layout.tops[42] as number), 42);
    assert.equal(pageAtY(layout, layout.total + 1000), 299);
    assert.deepEqual(pagesInView(layout, 0, 100, 0), [0]);
  });
});
