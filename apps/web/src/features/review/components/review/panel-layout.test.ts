import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clampPanelWidth, PANEL_MAX, PANEL_MIN } from './panel-layout.ts';

describe('review panel width', () => {
  it('stays within its limits and falls back to the default for unreadable values', () => {
    assert.equal(clampPanelWidth(100), PANEL_MIN);
    assert.equal(clampPanelWidth(5000), PANEL_MAX);
    assert.equal(clampPanelWidth(421.6), 422);
    assert.equal(clampPanelWidth(Number('abc')), 380);
  });
});
