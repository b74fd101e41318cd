// The handbook's files (docs/handbook) as the screen will show them: every anchor unique, every
// picture taken, every link inside the handbook landing on a heading, every shortcut described.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SHORTCUTS } from '../../../workspace/shortcuts.ts';
import { parseHandbook } from './handbook-model.ts';

const dir = path.resolve(import.meta.dirname, '../../../../../../docs/handbook');
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort();
const chapters = files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
const sections = parseHandbook(chapters);
const all = chapters.join('\n');

describe('the handbook', () => {
  it('covers each topic of the issue with a chapter of its own', () => {
    const chapterIds = sections.filter((section) => section.level === 2).map((section) => section.id);
    for (const id of [
      'sign-in',
      'lists',
      'annotate',
      'comment-bank',
      'review-form',
      'carried-over',
      'blind-review',
      'printing',
      'review-links',
      'statistics',
      'faq',
    ]) {
      assert.ok(chapterIds.includes(id), `chapter #${id}`);
    }
  });

  it('names every anchor itself, once', () => {
    const headings = all.split('\n').filter((line) => /^#{2,4}\s/.test(line));
    for (const heading of headings) assert.match(heading, /\{#[a-z][a-z0-9-]*\}$/, heading);
    const ids = sections.map((section) => section.id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.length, headings.length);
  });

  it('links only to headings that exist', () => {
    const ids = new Set(sections.map((section) => section.id));
    for (const [, id] of all.matchAll(/\]\(#([^)]+)\)/g)) assert.ok(ids.has(id as string), `#${id}`);
  });

  it('shows pictures that were taken, each with a size and an alt text', () => {
    const sizes = JSON.parse(readFileSync(path.join(dir, 'images/sizes.json'), 'utf8')) as Record<string, unknown>;
    const images = [...all.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)];
    assert.ok(images.length >= 10, 'screenshots of the real screens');
    for (const [, alt, src] of images) {
      assert.match(src as string, /^images\/[\w-]+\.png$/);
      assert.ok(existsSync(path.join(dir, src as string)), `${src} exists`);
      assert.ok(sizes[(src as string).slice('images/'.length)], `${src} has a size`);
      assert.ok((alt as string).trim().length > 0, `${src} has an alt text`);
    }
  });

  it('describes every shortcut of the workspace, as its help lists them', () => {
    const table = sections.find((section) => section.id === 'annotate-shortcuts')?.body ?? '';
    for (const shortcut of SHORTCUTS) {
      assert.ok(
        table.includes(`| \`${shortcut.keys}\` | ${shortcut.action} |`),
        `${shortcut.keys}: ${shortcut.action}`,
      );
    }
  });
});
