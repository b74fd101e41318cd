import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { majorsOf } from './assignment.repository.ts';
import { type PlanReviewer, type PlanSubmission, planAutoAssignment } from './auto-assign.ts';

const spread = (loads: Iterable<number>) => {
  const values = [...loads];
  return Math.max(...values) - Math.min(...values);
};

describe('planAutoAssignment', () => {
  it('balances 10 submissions over 3 reviewers with mixed majors, respecting majors', () => {
    const submissions: PlanSubmission[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: i + 1, major: '汉语言文学' })),
      ...Array.from({ length: 4 }, (_, i) => ({ id: i + 7, major: '法学' })),
    ];
    const reviewers: PlanReviewer[] = [
      { id: 1, majors: ['汉语言文学'], load: 0 },
      { id: 2, majors: ['汉语言文学', '法学'], load: 0 },
      { id: 3, majors: ['法学'], load: 0 },
    ];
    const plan = planAutoAssignment(submissions, reviewers);
    assert.equal(plan.reviewerOf.size, 10);
    assert.equal(plan.unassigned.size, 0);
    for (const submission of submissions) {
      const reviewer = reviewers.find((r) => r.id === plan.reviewerOf.get(submission.id));
      assert.ok(reviewer?.majors.includes(submission.major), `submission ${submission.id} went to a wrong major`);
    }
    assert.ok(spread(plan.loadAfter.values()) <= 1, JSON.stringify([...plan.loadAfter]));
    assert.deepEqual([...plan.loadAfter.values()].sort(), [3, 3, 4]);
  });

  it('counts the existing load and gives new work to the least loaded first', () => {
    const plan = planAutoAssignment(
      Array.from({ length: 4 }, (_, i) => ({ id: i + 1, major: '法学' })),
      [
        { id: 1, majors: ['法学'], load: 5 },
        { id: 2, majors: ['法学'], load: 1 },
      ],
    );
    assert.deepEqual([...plan.reviewerOf.values()], [2, 2, 2, 2]);
    assert.equal(plan.loadAfter.get(1), 5);
    assert.equal(plan.loadAfter.get(2), 5);
  });

  it('shifts work along a chain when the greedy pass leaves a gap of two', () => {
    // The greedy pass puts the three 汉语言文学 items on reviewer 1 and 2; chains rebalance
    // through reviewer 2 (both majors) towards reviewer 3, who reviews only 法学.
    const submissions: PlanSubmission[] = [
      { id: 1, major: '法学' },
      { id: 2, major: '法学' },
      { id: 3, major: '汉语言文学' },
      { id: 4, major: '汉语言文学' },
      { id: 5, major: '汉语言文学' },
      { id: 6, major: '汉语言文学' },
    ];
    const reviewers: PlanReviewer[] = [
      { id: 1, majors: ['汉语言文学'], load: 2 },
      { id: 2, majors: ['汉语言文学', '法学'], load: 0 },
      { id: 3, majors: ['法学'], load: 0 },
    ];
    const plan = planAutoAssignment(submissions, reviewers);
    assert.ok(spread(plan.loadAfter.values()) <= 1, JSON.stringify([...plan.loadAfter]));
    assert.equal(
      [...plan.loadAfter.values()].reduce((a, b) => a + b, 0),
      8,
    );
  });

  it('leaves a submission without a matching reviewer unassigned, with the reason', () => {
    const plan = planAutoAssignment(
      [
        { id: 1, major: '法学' },
        { id: 2, major: '会计学' },
        { id: 3, major: ' ' },
      ],
      [{ id: 9, majors: ['法学'], load: 0 }],
    );
    assert.equal(plan.reviewerOf.get(1), 9);
    assert.equal(plan.reviewerOf.has(2), false);
    assert.match(plan.unassigned.get(2) ?? '', /会计学/);
    assert.match(plan.unassigned.get(3) ?? '', /未填写专业/);
  });

  it('is deterministic: the same input in another order gives the same plan, ties to the lower id', () => {
    const submissions = Array.from({ length: 7 }, (_, i) => ({ id: 100 - i, major: '法学' }));
    const reviewers = [
      { id: 3, majors: ['法学'], load: 0 },
      { id: 1, majors: ['法学'], load: 0 },
      { id: 2, majors: ['法学'], load: 0 },
    ];
    const one = planAutoAssignment(submissions, reviewers);
    const two = planAutoAssignment([...submissions].reverse(), [...reviewers].reverse());
    assert.deepEqual(
      [...one.reviewerOf].sort((a, b) => a[0] - b[0]),
      [...two.reviewerOf].sort((a, b) => a[0] - b[0]),
    );
    assert.equal(one.reviewerOf.get(94), 1);
    assert.equal(one.loadAfter.get(1), 3);
  });

  it('plans nothing without reviewers and says why', () => {
    const plan = planAutoAssignment([{ id: 1, major: '法学' }], []);
    assert.equal(plan.reviewerOf.size, 0);
    assert.equal(plan.unassigned.size, 1);
  });
});

describe('majorsOf', () => {
  it('reads the account’s major list, falling back to major_name split on 、', () => {
    const list = JSON.stringify([
      { majorCode: '030101', majorName: '法学' },
      { majorCode: '', majorName: ' 会计学 ' },
    ]);
    assert.deepEqual(majorsOf({ majors_json: list, major_name: '法学、会计学' }), ['法学', '会计学']);
    assert.deepEqual(majorsOf({ majors_json: '[]', major_name: '汉语言文学、历史学' }), ['汉语言文学', '历史学']);
    assert.deepEqual(majorsOf({ majors_json: 'not json', major_name: '' }), []);
  });
});
