import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { MenuItem } from './auth.ts';
import { menuForRole } from './menu.ts';
import { Role } from './roles.ts';

const names = (items: MenuItem[]): string[] => items.flatMap((item) => [item.name, ...names(item.children ?? [])]);

it('gives reviewers the annotation area, history, statistics and the teacher area', () => {
  const reviewer = names(menuForRole(Role.reviewer));
  for (const name of ['AnnotateTopicList', 'HistoryThesis', 'DataIndex', 'ClassroomList', 'AnnotatePracticeList']) {
    assert.ok(reviewer.includes(name), name);
  }
  assert.ok(!reviewer.includes('StudentThesis'));
});

it('gives teachers only the teacher area and students only their own menu', () => {
  assert.deepEqual(names(menuForRole(Role.teacher)), [
    'Home',
    'Teaching',
    'ClassroomList',
    'AnnotatePracticeList',
    'Notice',
  ]);
  const student = names(menuForRole(Role.student));
  assert.ok(student.includes('StudentThesis') && student.includes('StudentCertificate'));
  assert.ok(!student.includes('AnnotateTopicList'));
});

it('gives nothing to a caller with no role', () => {
  assert.deepEqual(menuForRole(Role.none), []);
});

it('gives admins the console practice theses and practice itself; nobody else the console entry', () => {
  const admin = names(menuForRole(Role.admin));
  assert.ok(admin.includes('ConsolePractice') && admin.includes('AnnotatePracticeList'));
  for (const role of [Role.teacher, Role.reviewer, Role.student]) {
    assert.ok(!names(menuForRole(role)).includes('ConsolePractice'), String(role));
  }
});
