import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANNOTATION_CATEGORIES } from '@zikao/contract/annotation';
import { decoratedName, markColor, withDecorationClass } from './annotation-decoration.ts';

const structureColor = ANNOTATION_CATEGORIES.find((c) => c.key === 'structure')?.color;

describe('annotation decoration', () => {
  it('draws an annotation in its category colour when the screen says nothing about it', () => {
    assert.equal(markColor({ category: 'structure' }), structureColor);
    assert.equal(markColor({ category: 'structure' }, undefined), structureColor);
  });

  it('draws it in the decoration colour when one is given', () => {
    assert.equal(markColor({ category: 'structure' }, { color: '#237804' }), '#237804');
    assert.equal(markColor({ category: 'content' }, { color: '#A8071A', label: '未找到' }), '#A8071A');
  });

  it('keeps the category colour for a colour the highlight fill cannot take', () => {
    // fill() turns #rrggbb into a translucent rgba; a name or a short hex would draw nothing.
    for (const color of ['green', '#0f0', 'rgb(0,128,0)', '', '#12345g']) {
      assert.equal(markColor({ category: 'structure' }, { color }), structureColor, color);
    }
  });

  it('adds the decoration class after the workspace’s own', () => {
    assert.equal(withDecorationClass('aw-mark aw-selected'), 'aw-mark aw-selected');
    assert.equal(withDecorationClass('aw-item', { color: '#237804', className: 'pr-found' }), 'aw-item pr-found');
    assert.equal(withDecorationClass('aw-item', { color: '#237804', className: '  ' }), 'aw-item');
  });

  it('reads the label out with the marker’s name', () => {
    assert.equal(decoratedName('批注 3'), '批注 3');
    assert.equal(decoratedName('批注 3', { color: '#237804' }), '批注 3');
    assert.equal(decoratedName('区域批注 2', { color: '#a8071a', label: '未找到' }), '区域批注 2（未找到）');
  });
});
