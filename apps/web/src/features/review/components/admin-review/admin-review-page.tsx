import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@zikao/contract/errors';
import type { SubmissionDetail } from '@zikao/contract/review';
import type { ReviewLinkContext } from '@zikao/contract/review-link';
import { Role } from '@zikao/contract/roles';
import { Result } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../../../shared/request/errors.ts';
import { useLinkRefusalStore } from '../../../../shared/stores/link-refusal-store.ts';
import { linkWorkspaceApi, WorkspaceApiProvider } from '../../../../workspace/lazy-workspace.tsx';
import { linkPageApi, linkPageKeys } from '../../api/link-page-api.ts';
import { linkReviewApi, ReviewApiProvider, reviewKeys } from '../../api/review-api.ts';
import { ReviewWorkbench } from '../review/review-workbench.tsx';
import { ReviewSkeleton } from '../review/screen-states.tsx';
import { submissionIdOf } from '../review/stage-paths.ts';
import { CheckPanel } from './check-panel.tsx';
import { KeptDraft } from './kept-draft.tsx';
import { draftHasContent, draftText, LinkDraftContext, linkDraftKey, readLinkDraft } from './link-draft.ts';
import { LinkFrame } from './link-frame.tsx';
import { hasCredential, INCOMPLETE_LINK, OTHER_PAPER, type Refusal, refusalOf } from './link-page-model.ts';
import { LinkRefusal } from './link-refusal.tsx';
import './admin-review.css';

/**
 * An admin review page (`/admin/topic|thesis|thesisRetest/review/{id}?lid=…&exp=…&sig=…`): the
 * reviewer's workspace and review panel, through the comment proxy with the page's review link
 * (adr/011), with no layout, menu or login. A 评阅 link gets the review form, then a thank-you; a
 * 复核 link the submitted review with 复核通过 and 退回评阅人. A refused link is the whole page.
 */
export function AdminReviewPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const submissionId = submissionIdOf(id);
  const credential = hasCredential(search);
  const refusedLater = useLinkRefusalStore((state) => state.reason);
  // A refusal belongs to this page's link: another page (or this one again) starts afresh.
  useEffect(() => () => useLinkRefusalStore.getState().clear(), []);
  const context = useQuery({
    queryKey: linkPageKeys.context(search),
    queryFn: linkPageApi.context,
    enabled: credential && submissionId !== null,
    staleTime: 0,
  });
  const link = context.data;
  // Filled by the workbench's own query (same key and API): read here, never fetched twice.
  const detail = useQuery({
    queryKey: reviewKeys.detail('link', submissionId ?? 0),
    queryFn: () => linkReviewApi.detail(submissionId ?? 0, false),
    enabled: false,
  }).data;

  const refusal: Refusal | null = !credential
    ? INCOMPLETE_LINK
    : refusedLater
      ? refusalOf(new ApiError(ErrorCode.badReviewLink, refusedLater))
      : context.isError
        ? refusalOf(context.error)
        : submissionId === null || (link && link.submissionId !== submissionId)
          ? OTHER_PAPER
          : null;

  const draftKey = linkDraftKey(new URLSearchParams(search).get('lid'), submissionId);
  // Refused mid-visit (revoked, run out): what the expert had typed stays readable (issue 32 §1.5).
  const kept = refusedLater ? readLinkDraft(draftKey) : null;
  let body: ReactNode;
  if (refusal) {
    body = (
      <LinkRefusal refusal={refusal} onRetry={() => void context.refetch()}>
        {kept && draftHasContent(kept.values) ? (
          <KeptDraft
            text={draftText(kept.values, detail?.batch.rules.rubric)}
            revoked={refusal.title.includes('撤销')}
          />
        ) : null}
      </LinkRefusal>
    );
  } else if (!link || submissionId === null) body = <ReviewSkeleton />;
  else body = <LinkReview link={link} submissionId={submissionId} />;

  return (
    <LinkFrame link={refusal ? undefined : link} detail={refusal ? undefined : detail}>
      <ReviewApiProvider value={linkReviewApi}>
        <WorkspaceApiProvider value={linkWorkspaceApi}>
          <LinkDraftContext.Provider value={draftKey}>{body}</LinkDraftContext.Provider>
        </WorkspaceApiProvider>
      </ReviewApiProvider>
    </LinkFrame>
  );
}

/** The workbench as the link's purpose sets it. */
function LinkReview({ link, submissionId }: { link: ReviewLinkContext; submissionId: number }) {
  const queryClient = useQueryClient();
  const reviewing = link.purpose === 'review';
  // The link's work is done once the server says so: re-read it, and the submission with it.
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: linkPageKeys.all });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.detail('link', submissionId) });
  }, [queryClient, submissionId]);

  // A 评阅 link acts as the outside expert it made the submission's reviewer (adr/011); a 复核
  // link as its admin, who only reads here.
  const viewer = useCallback(
    (detail: SubmissionDetail) =>
      reviewing
        ? { id: detail.reviewer?.id ?? -1, name: link.label || '评阅专家', role: Role.reviewer }
        : { id: -1, name: link.label || '管理员', role: Role.admin },
    [reviewing, link.label],
  );
  const reviewPanel = useCallback(
    (detail: SubmissionDetail, standard: ReactNode) =>
      reviewing ? (
        <>
          {link.completed && <ReviewThanks />}
          {standard}
        </>
      ) : (
        <>
          <CheckPanel detail={detail} onDone={refresh} />
          {standard}
        </>
      ),
    [reviewing, link.completed, refresh],
  );

  return (
    <ReviewWorkbench
      submissionId={submissionId}
      mode={reviewing && !link.completed ? 'review' : 'readonly'}
      bare
      viewer={viewer}
      reviewPanel={reviewPanel}
      onSubmitted={refresh}
    />
  );
}

function ReviewThanks() {
  return (
    <Result
      className="lr-done"
      status="success"
      title="感谢您的评阅！"
      subTitle="评阅结果已提交，本页现为只读。如需修改，请联系发送链接的管理员。"
      data-testid="review-thanks"
    />
  );
}
