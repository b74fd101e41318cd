import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STAGES, SUBMISSION_STATUSES, type SubmissionStatus } from '@zikao/contract';
import { MESSAGES, type SubmissionEvent, transition } from './submission-status.ts';

type Expect = SubmissionStatus | string;

/** Every status against one event: a status to move to, or the reason it is refused. */
function table(event: SubmissionEvent, expected: Record<SubmissionStatus, Expect>): void {
  for (const from of SUBMISSION_STATUSES) {
    const result = transition(from, event);
    const want = expected[from];
    if ((SUBMISSION_STATUSES as readonly string[]).includes(want)) {
      assert.deepEqual(result, { ok: true, to: want }, `${event.type} from ${from}`);
    } else {
      assert.deepEqual(result, { ok: false, reason: want }, `${event.type} from ${from}`);
    }
  }
}

const { alreadySubmitted, returned, notAssigned } = MESSAGES;

describe('submission status machine', () => {
  it('assigns until a review is submitted', () => {
    table(
      { type: 'assign' },
      {
        unassigned: 'assigned',
        assigned: 'assigned',
        reviewing: 'assigned',
        returned,
        passed: alreadySubmitted,
        failed: alreadySubmitted,
        awaiting_check: alreadySubmitted,
        checked: alreadySubmitted,
      },
    );
  });

  for (const type of ['open', 'saveDraft'] as const) {
    it(`${type} moves 待评阅 to 评阅中 and refuses submitted reviews`, () => {
      table(
        { type },
        {
          unassigned: notAssigned,
          assigned: 'reviewing',
          reviewing: 'reviewing',
          returned,
          passed: alreadySubmitted,
          failed: alreadySubmitted,
          awaiting_check: alreadySubmitted,
          checked: alreadySubmitted,
        },
      );
    });
  }

  const refusedSubmit = {
    unassigned: notAssigned,
    returned,
    passed: alreadySubmitted,
    failed: alreadySubmitted,
    awaiting_check: alreadySubmitted,
    checked: alreadySubmitted,
  };

  for (const stage of STAGES) {
    const scored = stage === 'final' || stage === 'retest';
    it(`submits a ${stage} review: pass, fail${scored ? '' : ', revise'}`, () => {
      const submit = (verdict: 'pass' | 'fail' | 'revise', adminCheck = false): SubmissionEvent => ({
        type: 'submit',
        verdict,
        stage,
        adminCheck,
      });
      table(submit('pass'), { ...refusedSubmit, assigned: 'passed', reviewing: 'passed' });
      table(submit('fail'), { ...refusedSubmit, assigned: 'failed', reviewing: 'failed' });
      const revised = scored ? MESSAGES.reviseNotAllowed : 'returned';
      table(submit('revise'), { ...refusedSubmit, assigned: revised, reviewing: revised });
      // With the admin check, verdicts wait for it; a return for revision does not.
      table(submit('pass', true), { ...refusedSubmit, assigned: 'awaiting_check', reviewing: 'awaiting_check' });
      table(submit('fail', true), { ...refusedSubmit, assigned: 'awaiting_check', reviewing: 'awaiting_check' });
      table(submit('revise', true), { ...refusedSubmit, assigned: revised, reviewing: revised });
    });
  }

  it('checks only what awaits the check', () => {
    const refused = MESSAGES.notAwaitingCheck;
    table(
      { type: 'check' },
      {
        unassigned: refused,
        assigned: refused,
        reviewing: refused,
        returned: refused,
        passed: refused,
        failed: refused,
        awaiting_check: 'checked',
        checked: refused,
      },
    );
  });

  it('reopens submitted reviews only', () => {
    const refused = MESSAGES.notSubmitted;
    table(
      { type: 'reopen' },
      {
        unassigned: refused,
        assigned: refused,
        reviewing: refused,
        returned: 'reviewing',
        passed: 'reviewing',
        failed: 'reviewing',
        awaiting_check: 'reviewing',
        checked: 'reviewing',
      },
    );
  });

  it('takes a resubmission after 退回修改 within the window and the upload limit', () => {
    const refused = MESSAGES.notReturned;
    const others = {
      unassigned: refused,
      assigned: refused,
      reviewing: refused,
      passed: refused,
      failed: refused,
      awaiting_check: refused,
      checked: refused,
    };
    table({ type: 'resubmit', uploadsLeft: true, windowOpen: true }, { ...others, returned: 'assigned' });
    table({ type: 'resubmit', uploadsLeft: false, windowOpen: true }, { ...others, returned: MESSAGES.uploadLimit });
    table({ type: 'resubmit', uploadsLeft: true, windowOpen: false }, { ...others, returned: MESSAGES.stageClosed });
    table({ type: 'resubmit', uploadsLeft: false, windowOpen: false }, { ...others, returned: MESSAGES.stageClosed });
  });

  it('names the reasons in Chinese', () => {
    assert.equal(MESSAGES.alreadySubmitted, '已提交评阅不能修改');
    assert.equal(MESSAGES.stageClosed, '不在提交时间内');
    assert.equal(MESSAGES.uploadLimit, '上传次数已用完');
    assert.equal(MESSAGES.stale, '论文已有新版本，请刷新后再试');
  });
});
