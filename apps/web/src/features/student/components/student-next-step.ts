import type { NoticeDto } from '@zikao/contract/notice';
import type { Stage } from '@zikao/contract/review';
import type { StudentOverview, StudentStage } from '@zikao/contract/student';

const DAY = 86_400_000;

/** What the candidate should do next, from their thesis and their unread notices. */
export interface NextStep {
  kind: 'resubmit' | 'read' | 'submit' | 'wait' | 'done' | 'blocked' | 'none';
  stage: StudentStage | null;
  title: string;
  description: string;
  /** The stage window's end, when the step has one. */
  deadline: number | null;
  /** The one primary action; `notice` is marked read on the way. */
  action: { label: string; to: string; notice?: NoticeDto };
  /** A second, plain link (the review that asks for the change). */
  secondary: { label: string; to: string } | null;
}

const SUBMIT_LABELS: Record<Stage, string> = {
  topic: '提交选题',
  plan: '提交论文计划',
  draft: '上传论文初稿',
  final: '上传定稿',
  retest: '提交复试论文',
};

/** What the next step says when a stage is open for its first version. */
const SUBMIT_TITLES: Record<Stage, string> = {
  topic: '选题开放提交中，请填写并提交选题',
  plan: '可以提交论文计划了',
  draft: '论文初稿开放提交中',
  final: '定稿开放提交中，请上传定稿和查重报告',
  retest: '复试开放提交中，请上传修改后的论文',
};

/** Where a stage is worked on: the topic has its own form, the others their card on 我的论文. */
export function stagePath(stage: Stage): string {
  return stage === 'topic' ? '/student/topic' : `/student/thesis#stage-${stage}`;
}

export const reviewPath = (submissionId: number) => `/student/thesis/review/${submissionId}`;

const THESIS_PATH = '/student/thesis';
const UNDER_REVIEW = ['unassigned', 'assigned', 'reviewing', 'awaiting_check'];

/**
 * Whether the candidate has already acted on a review notice: a version was submitted after it
 * came (a resubmission after 退回修改, or the next stage). Its words (重新提交…) would then send
 * them back to a step they took; it stays among the unread notices, not as the next step.
 */
function actedOn(notice: NoticeDto, stages: readonly StudentStage[]): boolean {
  return stages.some((stage) => (stage.submission?.submittedAt ?? 0) > notice.createdAt);
}

/**
 * The next step, most urgent first: a stage sent back for revision (it has a deadline), a new
 * review result not yet read, the next stage to submit, a stage under review (nothing to do but
 * wait), a thesis that has passed, or a stage that cannot be submitted yet and why.
 */
export function nextStep(overview: StudentOverview, unreadReview: NoticeDto | null): NextStep {
  if (!overview.thesis) {
    return {
      kind: 'none',
      stage: null,
      title: '您还没有论文批次',
      description: '请联系考办确认报考信息；批次开通后，这里会显示论文进度和下一步。',
      deadline: null,
      action: { label: '查看通知', to: '/student/notice' },
      secondary: null,
    };
  }
  const stages = overview.stages;
  const returned = stages.find((stage) => stage.action === 'resubmit');
  if (returned) {
    return {
      kind: 'resubmit',
      stage: returned,
      title: `${returned.label}需要修改后重新提交`,
      description: `请根据评阅意见和批注逐条修改，还可提交 ${returned.uploadsLeft} 次。`,
      deadline: returned.window.end,
      action: { label: '修改后重新提交', to: stagePath(returned.stage) },
      secondary: returned.submission ? { label: '查看评阅意见', to: reviewPath(returned.submission.id) } : null,
    };
  }
  if (unreadReview && !actedOn(unreadReview, stages)) {
    return {
      kind: 'read',
      stage: null,
      title: unreadReview.title,
      description: unreadReview.body,
      deadline: null,
      action: { label: '查看评阅结果', to: unreadReview.link || THESIS_PATH, notice: unreadReview },
      secondary: null,
    };
  }
  const open = stages.find((stage) => stage.action === 'submit');
  if (open) {
    const optional = open.stage === 'plan' ? '论文计划为选做环节，也可以直接上传论文初稿。' : '';
    return {
      kind: 'submit',
      stage: open,
      title: SUBMIT_TITLES[open.stage],
      description: `${optional}本阶段最多可提交 ${open.uploadLimit} 次。`,
      deadline: open.window.end,
      action: { label: SUBMIT_LABELS[open.stage], to: stagePath(open.stage) },
      secondary: null,
    };
  }
  const waiting = stages.find((stage) => stage.submission && UNDER_REVIEW.includes(stage.submission.status));
  if (waiting?.submission) {
    const assigned = waiting.submission.status !== 'unassigned';
    const version = waiting.submission.currentVersion > 1 ? `（第 ${waiting.submission.currentVersion} 版）` : '';
    return {
      kind: 'wait',
      stage: waiting,
      title: `${waiting.label}${version}${assigned ? '正在评阅中' : '已提交，等待分配评阅教师'}`,
      description: '评阅完成后会通知您，届时可在这里查看结论、成绩和批注。',
      deadline: null,
      action: { label: '查看论文进度', to: THESIS_PATH },
      secondary: waiting.submission.result
        ? { label: '查看上次评阅意见', to: reviewPath(waiting.submission.id) }
        : null,
    };
  }
  const passed = [...stages]
    .reverse()
    .find(
      (stage) =>
        (stage.stage === 'final' || stage.stage === 'retest') &&
        stage.submission?.result &&
        stage.submission.result.verdict === 'pass',
    );
  if (passed?.submission) {
    return {
      kind: 'done',
      stage: passed,
      title: `${passed.label}已通过，论文环节已完成`,
      description: '祝贺您！可以在证书页面查看毕业和证书办理进度。',
      deadline: null,
      action: { label: '查看评阅结果', to: reviewPath(passed.submission.id) },
      secondary: { label: '查看证书进度', to: '/student/certificate' },
    };
  }
  const blocked = stages.find((stage) => stage.blockedReason && !stage.submission);
  return {
    kind: 'blocked',
    stage: blocked ?? null,
    title: blocked ? `${blocked.label}暂不能提交` : '暂时没有需要您处理的事项',
    description: blocked?.blockedReason ?? '有新的安排时会在这里提示您。',
    deadline: blocked?.windowState === 'notStarted' ? null : (blocked?.window.end ?? null),
    action: { label: '查看论文进度', to: THESIS_PATH },
    secondary: null,
  };
}

/** `还剩 5 天` / `不足 1 天` / `已截止` to a deadline; null without one. */
export function deadlineLeft(deadline: number | null, now: number): { text: string; urgent: boolean } | null {
  if (deadline === null) return null;
  if (deadline < now) return { text: '已截止', urgent: true };
  const days = Math.floor((deadline - now) / DAY);
  if (days === 0) return { text: '不足 1 天', urgent: true };
  return { text: `还剩 ${days} 天`, urgent: days <= 3 };
}
