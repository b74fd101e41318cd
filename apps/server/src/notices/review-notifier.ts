import { gradeOf, type Stage, type SubmissionStatus, type Verdict } from '@zikao/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SmsProvider } from '../identity/verification/sms-provider.ts';
import { NoticeRepository } from './notice.repository.ts';

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

/**
 * Something that hears of finished reviews. The review service calls the two hooks inside its
 * transaction, so a committed review always has its notice (and its queued SMS), and `deliver`
 * after the commit to send what was queued (adr/019).
 */
export interface ReviewCompletedListener {
  reviewCompleted(trx: Kysely<Database>, event: ReviewCompletedEvent): Promise<void>;
  reviewReturned?(trx: Kysely<Database>, event: ReviewReturnedEvent): Promise<void>;
  /** Sends what the hooks queued; never throws. */
  deliver?(): Promise<void>;
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

/** A queued review SMS, as review_outbox keeps it. */
interface ReviewSms {
  stage: string;
  result: string;
}

/** Outbox rows one drain takes at most; the timer takes the rest. */
const DRAIN_BATCH = 50;
/** Tries of one SMS before it is given up (and logged). */
export const REVIEW_SMS_MAX_ATTEMPTS = 5;

/**
 * Tells the candidate that a review is finished: a personal notice in the app, written in the
 * review's own transaction, and an SMS through the provider, queued in that transaction too
 * (review_outbox) and sent after the commit, by the request and by a drain at start-up and on a
 * timer. A crash between the commit and the SMS leaves the row for the next drain; a row is
 * claimed by a lease before it is sent, so two instances never both send it. (A crash in the
 * moment between the gateway's answer and the row's `done_at` resends it once the lease runs out:
 * at least once, never lost.) A failing gateway is logged and never undoes or fails the review.
 */
export class ReviewNotifier implements ReviewCompletedListener {
  private readonly deps: {
    sms: SmsProvider;
    db: Kysely<Database>;
    logger: FastifyBaseLogger;
    /** How long a claimed SMS waits before another drain may try it again. */
    retryMs: number;
  };
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;

  constructor(deps: ReviewNotifier['deps']) {
    this.deps = deps;
  }

  /** Tells the reviewer, by a personal notice, that their review came back to them and why. */
  async reviewReturned(trx: Kysely<Database>, event: ReviewReturnedEvent): Promise<void> {
    await new NoticeRepository(trx).insert({
      audience: 'user',
      userId: event.reviewerId,
      createdBy: null,
      kind: 'review',
      ...reviewReturnedText(event),
    });
  }

  async reviewCompleted(trx: Kysely<Database>, event: ReviewCompletedEvent): Promise<void> {
    const text = reviewNoticeText(event);
    const repository = new NoticeRepository(trx);
    await repository.insert({
      audience: 'user',
      userId: event.studentId,
      createdBy: null,
      kind: 'review',
      title: text.title,
      body: text.body,
      link: text.link,
    });
    const sms: ReviewSms = { stage: STAGE_NAMES[event.stage], result: text.result };
    await repository.queueReviewSms(event.submissionId, event.studentId, JSON.stringify(sms), Date.now());
  }

  /** Drains the outbox now; a drain already running runs once more instead of twice at once. */
  deliver(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.drainOnce();
        } while (this.again);
      } catch (error) {
        this.deps.logger.error({ err: error }, 'review outbox drain failed');
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /** Drains at once (what a crash left) and then every `everyMs`. */
  start(everyMs = 30_000): void {
    void this.deliver();
    this.timer = setInterval(() => void this.deliver(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  private async drainOnce(): Promise<void> {
    const { sms, logger, retryMs } = this.deps;
    const repository = new NoticeRepository(this.deps.db);
    for (;;) {
      const ids = await repository.pendingReviewSms(Date.now(), DRAIN_BATCH);
      if (ids.length === 0) return;
      for (const id of ids) {
        const row = await repository.claimReviewSms(id, Date.now(), retryMs);
        if (!row) continue;
        try {
          const phone = await repository.phoneOf(row.user_id);
          const params = JSON.parse(row.payload_json) as ReviewSms;
          if (phone) await sms.send(phone, 'review_completed', { stage: params.stage, result: params.result });
          await repository.finishReviewSms(id, Date.now());
        } catch (error) {
          logger.warn({ err: error, submissionId: row.submission_id, provider: sms.name }, 'review sms failed');
          if (row.attempts >= REVIEW_SMS_MAX_ATTEMPTS) {
            await repository.finishReviewSms(id, Date.now());
            logger.error({ submissionId: row.submission_id, attempts: row.attempts }, 'review sms given up');
          }
        }
      }
      if (ids.length < DRAIN_BATCH) return;
    }
  }
}
