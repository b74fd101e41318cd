import type { ReactNode } from 'react';
import { BackButton } from '../../../../shared/components/back-button.tsx';
import { BarePage } from '../../../../shared/components/bare-page.tsx';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { useCurrentRoute } from '../../../../shared/routing/route-meta-context.ts';
import { ReviewWorkbench } from './review-workbench.tsx';

export interface ReviewScreenProps {
  submissionId: number | null;
  /** review: the reviewer's form (opening moves 待评阅 to 评阅中); readonly: annotations and result only. */
  mode: 'review' | 'readonly';
  /** Without the shared layout (`/topicDetail/{id}`). */
  bare?: boolean;
  /** Opens on the carried-over check rather than the review (the "view annotations" readings). */
  annotationsFirst?: boolean;
  /** Extra header actions, e.g. the link between the two readings of a path. */
  actions?: ReactNode;
}

/** The review and read-only screens of every stage: document workspace beside the review panel. */
export function ReviewScreen(props: ReviewScreenProps) {
  const { submissionId, bare } = props;
  const { route } = useCurrentRoute();
  const frame = (children: ReactNode, compact = false) =>
    bare ? (
      <BarePage>
        <div className="rv-bare">
          <h1 className="rv-bare-title">{route?.title}</h1>
          {children}
        </div>
      </BarePage>
    ) : (
      <Page extra={compact ? undefined : <BackButton />} compact={compact}>
        {children}
      </Page>
    );
  if (submissionId === null) {
    // A retry would read the same wrong link again; only 返回 helps.
    return frame(<ErrorState subject="论文" error={new Error('论文编号不正确')} back />);
  }
  // The document gets the height: the page heading gives way, and 返回 joins the review header.
  return frame(
    <ReviewWorkbench
      {...props}
      submissionId={submissionId}
      actions={
        bare ? (
          props.actions
        ) : (
          <>
            {props.actions}
            <BackButton />
          </>
        )
      }
    />,
    !bare,
  );
}
