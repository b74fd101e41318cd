import assert from 'node:assert/strict';
import { it } from 'node:test';
import { currentSectionId } from './scroll-spy.ts';

const view = { threshold: 96, viewHeight: 800, atEnd: false };

it('is the last heading that has passed the threshold', () => {
  const headings = [
    { id: 'a', top: -900 },
    { id: 'b', top: -20 },
    { id: 'c', top: 96 },
    { id: 'd', top: 400 },
  ];
  assert.equal(currentSectionId(headings, view), 'c');
  assert.equal(currentSectionId(headings.slice(0, 2), view), 'b');
});

it('is the first heading before any has passed, and nothing without headings', () => {
  assert.equal(
    currentSectionId(
      [
        { id: 'a', top: 300 },
        { id: 'b', top: 900 },
      ],
      view,
    ),
    'a',
  );
  assert.equal(currentSectionId([], view), null);
});

it('at the very end is the last heading in view, so short closing sections can be reached', () => {
  const headings = [
    { id: 'a', top: -500 },
    { id: 'b', top: 50 },
    { id: 'c', top: 500 },
    { id: 'd', top: 700 },
    { id: 'e', top: 1200 },
  ];
  assert.equal(currentSectionId(headings, { ...view, atEnd: true }), 'd');
  assert.equal(currentSectionId(headings, view), 'b');
});
