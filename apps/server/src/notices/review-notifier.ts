import { gradeOf, type Stage, type SubmissionStatus, type Verdict } from '@zikao/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from '../identity/verification/sms-provider.ts';
import type { NoticeRepository } from './notice.repository.ts';
import type { NoticeService } from './notice.service.ts';

/** A review whose verdict the candidate may now see. */
export interface ReviewCompletedEvent {
  submissionId: number;
  studentId: number;
  stage: Stage;
  title: string;
  status: SubmissionStatus;
  verdict: Verdict | null;
  score: number | null;
}

/** A submitted review sent back to its reviewer (an admin's reopen, 退回评阅人 on the check page). */
export interface ReviewReturnedEvent {
  submissionId: number;
  reviewerId: number;
  stage: Stage;
  title: string;
  reason: string;
}

/** Something that hears of finished reviews; the review service calls it after its commit. */
export interface ReviewCompletedListener {
  reviewCompleted(event: ReviewCompletedEvent): Promise<void>;
  reviewReturned?(event: ReviewReturnedEvent): Promise<void>;
}

/** Where the reviewer reviews a stage's submission (the web's review routes, seed §2). */
const REVIEW_SCREENS: Record<Stage, string> = {
  topic: '/annotate/topic/review/',
  plan: '/thesisPlan/review/',
  draft: '/annotate/thesis/reviews/',
  final: '/annotate/thesis/finally/',
  retest: '/annotate/thesisRetest/',
};

/** The reviewer's notice of a review sent back to them, with the reason; names no candidate. */
export function reviewReturnedText(event: ReviewReturnedEvent): { title: string; body: string; link: string } {
  const stage = STAGE_NAMES[event.stage];
  return {
    title: `评阅已退回：${stage}`,
    body: `您提交的《${event.title}》${stage}评阅已被退回，请修改后重新提交。退回原因：${event.reason}`,
    link: `${REVIEW_SCREENS[event.stage]}${event.submissionId}`,
  };
}

const STAGE_NAMES: Record<Stage, string> = {
  topic: '论文选题',
  plan: '论文计划',
  draft: '论文初稿',
  final: '论文定稿',
  retest: '复试论文',
};
const VERDICT_TEXT: Record<Verdict, string> = { pass: '通过', revise: '退回修改', fail: '不通过' };

/** The words of the notice and the SMS for one finished review; never the reviewer's identity. */
export function reviewNoticeText(event: ReviewCompletedEvent): {
  title: string;
  body: string;
  link: string;
  result: string;
} {
  const stage = STAGE_NAMES[event.stage];
  const verdict = event.verdict ? VERDICT_TEXT[event.verdict] : '已出结果';
  const result = event.score === null ? verdict : `${verdict}，成绩 ${event.score} 分（${gradeOf(event.score)}）`;
  const next =
    event.verdict === 'revise' ? '请根据评语和批注修改，并在提交期限内重新提交。' : '请登录考生中心查看评语与批注。';
  return {
    title: `您的${stage}已评阅`,
    body: `《${event.title}》的${stage}评阅结果：${result}。${next}`,
    link: event.stage === 'topic' ? '/student/topic' : '/student/thesis',
    result,
  };
}

/**
 * Tells the candidate that a review is finished: a personal notice in the app and an SMS through
 * the provider. It runs after the review has been committed, so a failure here is logged and never
 * undoes or fails the review.
 */
export class ReviewNotifier implements ReviewCompletedListener {
  private readonly deps: {
    notices: NoticeService;
    repository: NoticeRepository;
    sms: SmsProvider;
    logger: FastifyBaseLogger;
  };

  constructor(deps: ReviewNotifier['deps']) {
    this.deps = deps;
  }

  /** Tells the reviewer, by a personal notice, that their review came back to them and why. */
  async reviewReturned(event: ReviewReturnedEvent): Promise<void> {
    try {
      await this.deps.notices.notifyUser(event.reviewerId, { kind: 'review', ...reviewReturnedText(event) });
    } catch (error) {
      this.deps.logger.error({ err: error, submissionId: event.submissionId }, 'review returned notice failed');
    }
  }

  async reviewCompleted(event: ReviewCompletedEvent): Promise<void> {
    const { notices, repository, sms, logger } = this.deps;
    const text = reviewNoticeText(event);
    try {
      await notices.notifyUser(event.studentId, {
        kind: 'review',
        title: text.title,
        body: text.body,
        link: text.link,
      });
    } catch (error) {
      logger.error({ err: error, submissionId: event.submissionId }, 'review notice failed');
    }
    try {
      const phone = await repository.phoneOf(event.studentId);
      if (!phone) return;
      await sms.send(phone, 'review_completed', { stage: STAGE_NAMES[event.stage], result: text.result });
    } catch (error) {
      logger.warn({ err: error, submissionId: event.submissionId, provider: sms.name }, 'review sms failed');
    }
  }
}
