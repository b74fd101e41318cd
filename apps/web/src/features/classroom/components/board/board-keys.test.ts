import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boardKeyAction } from './board-keys.ts';

const key = (name: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});
/** An element that matches the selector only when it names `tag`. */
const inside = (tag: string) => ({ closest: (selector: string) => (selector.includes(tag) ? {} : null) });
const page = { closest: () => null };

describe('the board’s keys', () => {
  it('turns pages with ← → (and Page Up / Down) and zooms with + − 0', () => {
    assert.deepEqual(
      ['ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', '+', '=', '-', '0', 'a'].map((name) =>
        boardKeyAction(key(name), page),
      ),
      ['previous', 'next', 'previous', 'next', 'zoomIn', 'zoomIn', 'zoomOut', 'fit', null],
    );
  });

  it('leaves the browser’s Ctrl/⌘ zoom and Alt history alone', () => {
    assert.equal(boardKeyAction(key('+', { ctrlKey: true }), page), null);
    assert.equal(boardKeyAction(key('-', { metaKey: true }), page), null);
    assert.equal(boardKeyAction(key('ArrowLeft', { altKey: true }), page), null);
  });

  it('leaves keys to fields, the tab strip and switches', () => {
    assert.equal(boardKeyAction(key('ArrowLeft'), inside('input')), null);
    assert.equal(boardKeyAction(key('ArrowRight'), inside('[role="tab"]')), null);
    assert.equal(boardKeyAction(key('0'), inside('textarea')), null);
    assert.equal(boardKeyAction(key('ArrowRight'), null), 'next');
  });
});
