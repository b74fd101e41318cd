import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import { mayAnnotateDocument, mayReadDocument } from '../../access/access-rules.ts';
import type { SessionUser } from '../../shared/request-context.ts';

type DocumentFacts = Parameters<typeof mayReadDocument>[1];
type PracticeDocumentFacts = NonNullable<DocumentFacts['practice']>;

const user = (id: number, role: Role) => ({ id, role }) as SessionUser;
const admin = user(1, Role.admin);
const otherAdmin = user(2, Role.admin);
const marker = user(3, Role.teacher);
const reviewer = user(4, Role.reviewer);
const student = user(5, Role.student);

const document = (ownerId: number, practice: PracticeDocumentFacts): DocumentFacts => ({
  id: 9,
  owner_id: ownerId,
  name: 'practice.pdf',
  source_mime: 'application/pdf',
  page_count: 3,
  versions: [],
  practice,
});

describe('the access rules of practice documents', () => {
  it('keeps a reference document to the admins, editable until its first attempt', () => {
    const open = document(admin.id, { kind: 'reference', locked: false });
    const locked = document(admin.id, { kind: 'reference', locked: true });
    assert.deepEqual(
      [admin, otherAdmin, marker, reviewer, student].map((one) => mayReadDocument(one, open)),
      [true, true, false, false, false],
    );
    assert.deepEqual(
      [admin, otherAdmin, marker].map((one) => mayAnnotateDocument(one, open)),
      [true, true, false],
    );
    assert.deepEqual(
      [admin, otherAdmin].map((one) => mayAnnotateDocument(one, locked)),
      [false, false],
    );
    // Even if its uploader lost the admin role, the reference stays closed to them.
    assert.equal(mayReadDocument(user(admin.id, Role.teacher), open), false);
  });

  it('gives an attempt document to its marker until submitted, and lets admins read it only', () => {
    const open = document(marker.id, { kind: 'attempt', userId: marker.id, submitted: false });
    const submitted = document(marker.id, { kind: 'attempt', userId: marker.id, submitted: true });
    assert.deepEqual(
      [marker, reviewer, admin, student].map((one) => mayReadDocument(one, open)),
      [true, false, true, false],
    );
    assert.deepEqual(
      [marker, reviewer, admin].map((one) => mayAnnotateDocument(one, open)),
      [true, false, false],
    );
    assert.equal(mayAnnotateDocument(marker, submitted), false);
    assert.equal(mayReadDocument(marker, submitted), true);
  });
});
