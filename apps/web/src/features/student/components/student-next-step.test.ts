import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NoticeDto } from '@zikao/contract/notice';
import type { Stage, SubmissionStatus } from '@zikao/contract/review';
import type { StudentOverview, StudentStage } from '@zikao/contract/student';
import { deadlineLeft, nextStep } from './student-next-step.ts';

const DAY = 86_400_000;
const LABELS: Record<Stage, string> = {
  topic: '选题',
  plan: '论文计划',
  draft: '论文初稿',
  final: '定稿',
  retest: '复试',
};

function stage(name: Stage, overrides: Partial<StudentStage> = {}, status?: SubmissionStatus): StudentStage {
  return {
    stage: name,
    label: LABELS[name],
    window: { start: null, end: 5_000 * DAY },
    windowState: 'open',
    uploadLimit: 4,
    uploadsUsed: status ? 1 : 0,
    uploadsLeft: status ? 3 : 4,
    submission: status
      ? {
          id: 40 + name.length,
          status,
          currentVersion: 1,
          submittedAt: 0,
          updatedAt: 0,
          result:
            status === 'passed' || status === 'returned'
              ? {
                  versionNo: 1,
                  verdict: status === 'passed' ? 'pass' : 'revise',
                  score: null,
                  grade: null,
                  comment: '评语',
                  plagiarismRate: null,
                  reviewedAt: 0,
                  reviewedBy: '评阅教师',
                }
              : null,
        }
      : null,
    action: null,
    blockedReason: null,
    ...overrides,
  };
}

function overview(stages: StudentStage[]): StudentOverview {
  return {
    thesis: { id: 1, title: '网络流行语研究', majorName: '汉语言文学', advisor: '刘建华' },
    batch: { id: 1, name: '2026年下半年', plagiarismThreshold: 30 },
    theses: [],
    stages,
  };
}

const notice: NoticeDto = {
  id: 3,
  kind: 'review',
  audience: 'user',
  title: '您的论文初稿已评阅',
  body: '评阅结果：通过',
  link: '/student/thesis',
  author: '考办',
  createdAt: 0,
  read: false,
  readAt: null,
  canDelete: false,
};

describe('the candidate’s next step', () => {
  it('asks for a returned stage first, with its deadline and the review that asked', () => {
    const step = nextStep(
      overview([
        stage('topic', {}, 'passed'),
        stage('draft', { action: 'resubmit', window: { start: null, end: 9 * DAY } }, 'returned'),
        stage('final', { action: 'submit' }),
      ]),
      notice,
    );
    assert.equal(step.kind, 'resubmit');
    assert.equal(step.action.label, '修改后重新提交');
    assert.equal(step.action.to, '/student/thesis#stage-draft');
    assert.equal(step.deadline, 9 * DAY);
    assert.equal(step.secondary?.to, '/student/thesis/review/45');
  });

  it('sends a returned topic to the topic form', () => {
    const step = nextStep(overview([stage('topic', { action: 'resubmit' }, 'returned')]), null);
    assert.equal(step.action.to, '/student/topic');
  });

  it('shows a new review result before the next submission', () => {
    const step = nextStep(overview([stage('topic', {}, 'passed'), stage('plan', { action: 'submit' })]), notice);
    assert.equal(step.kind, 'read');
    assert.equal(step.action.label, '查看评阅结果');
    assert.equal(step.action.notice, notice);
  });

  it('does not lead with a review notice the candidate has acted on: the resubmission waits (issue 32 §1.6)', () => {
    const returned: NoticeDto = {
      ...notice,
      title: '您的论文初稿已评阅',
      body: '评阅结果：退回修改。请根据评语和批注修改，并在提交期限内重新提交。',
      createdAt: 10 * DAY,
    };
    const waiting = stage('draft', {}, 'assigned');
    const resubmitted = {
      ...waiting,
      submission: waiting.submission && { ...waiting.submission, currentVersion: 2, submittedAt: 11 * DAY },
    };
    const step = nextStep(overview([stage('topic', {}, 'passed'), resubmitted]), returned);
    assert.equal(step.kind, 'wait');
    assert.equal(step.title, '论文初稿（第 2 版）正在评阅中');
    // Not yet acted on: the notice still leads.
    const before = {
      ...resubmitted,
      submission: resubmitted.submission && { ...resubmitted.submission, submittedAt: 9 * DAY },
    };
    assert.equal(nextStep(overview([stage('topic', {}, 'passed'), before]), returned).kind, 'read');
  });

  it('names the next stage to submit, the topic on its own form', () => {
    assert.equal(nextStep(overview([stage('topic', { action: 'submit' })]), null).action.label, '提交选题');
    const draft = nextStep(overview([stage('topic', {}, 'passed'), stage('draft', { action: 'submit' })]), null);
    assert.deepEqual(draft.action, { label: '上传论文初稿', to: '/student/thesis#stage-draft' });
    assert.equal(draft.deadline, 5_000 * DAY);
  });

  it('waits while a stage is under review, and offers the last review of a resubmitted version', () => {
    const waiting = stage('draft', {}, 'assigned');
    const resubmitted = { ...waiting, submission: waiting.submission && { ...waiting.submission, currentVersion: 2 } };
    const step = nextStep(overview([stage('topic', {}, 'passed'), resubmitted]), null);
    assert.equal(step.kind, 'wait');
    assert.equal(step.title, '论文初稿（第 2 版）正在评阅中');
    assert.equal(step.action.label, '查看论文进度');
    const unassigned = nextStep(overview([stage('topic', {}, 'unassigned')]), null);
    assert.equal(unassigned.title, '选题已提交，等待分配评阅教师');
  });

  it('says the thesis is done once the final passed', () => {
    const step = nextStep(
      overview([stage('topic', {}, 'passed'), stage('draft', {}, 'passed'), stage('final', {}, 'passed')]),
      null,
    );
    assert.equal(step.kind, 'done');
    assert.equal(step.action.to, '/student/thesis/review/45');
  });

  it('explains why nothing can be submitted, and what a candidate without a batch can do', () => {
    const blocked = nextStep(
      overview([
        stage('topic', { blockedReason: '选题提交时间为 2026-12-01 至 2026-12-31', windowState: 'notStarted' }),
      ]),
      null,
    );
    assert.equal(blocked.kind, 'blocked');
    assert.equal(blocked.description, '选题提交时间为 2026-12-01 至 2026-12-31');
    assert.equal(blocked.deadline, null);
    const none = nextStep({ thesis: null, batch: null, theses: [], stages: [] }, null);
    assert.equal(none.kind, 'none');
    assert.equal(none.action.to, '/student/notice');
  });

  it('counts the days to a deadline', () => {
    assert.equal(deadlineLeft(null, 0), null);
    assert.deepEqual(deadlineLeft(10 * DAY + 5, 0), { text: '还剩 10 天', urgent: false });
    assert.deepEqual(deadlineLeft(2 * DAY, 0), { text: '还剩 2 天', urgent: true });
    assert.deepEqual(deadlineLeft(DAY - 1, 0), { text: '不足 1 天', urgent: true });
    assert.deepEqual(deadlineLeft(0, 1), { text: '已截止', urgent: true });
  });
});
