import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { STAGE_LABELS, type SubmissionDetail } from '@zikao/contract/review';
import { REVIEW_LINK_PURPOSE_LABELS, type ReviewLinkContext } from '@zikao/contract/review-link';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/utils/date.ts';

interface LinkFrameProps {
  /** The link, once the server has read it; a refused link shows the brand alone. */
  link?: ReviewLinkContext;
  /** The submission, once loaded: its stage and title join the heading. */
  detail?: Pick<SubmissionDetail, 'stage' | 'thesis'>;
  children: ReactNode;
}

/**
 * An admin review page's frame, without the app's layout, menu or login (seed §2): who the link is
 * for, the stage and title of the paper, and until when the link holds (有效期至 …).
 */
export function LinkFrame({ link, detail, children }: LinkFrameProps) {
  const purpose = link ? REVIEW_LINK_PURPOSE_LABELS[link.purpose] : '';
  const heading = link ? `${detail ? STAGE_LABELS[detail.stage] : '论文'}${purpose}` : '论文评阅';
  const who = link?.label || (link?.purpose === 'check' ? '管理员' : '');
  return (
    <div className="lr-page">
      <header className="lr-bar">
        {/* No link home: an outside expert has no account to sign in with. */}
        <span className="lr-brand">
          <img src="/favicon.svg" alt="" />
          自考在线
        </span>
        <div className="lr-heading">
          <h1 className="lr-title" data-testid="link-heading">
            {heading}
          </h1>
          {detail && (
            <span className="lr-thesis" title={detail.thesis.title}>
              {detail.thesis.title}
            </span>
          )}
        </div>
        {link && (
          <dl className="lr-facts" data-testid="link-facts">
            {who && (
              <div className="lr-fact">
                <dt>
                  <UserOutlined aria-hidden /> {link.purpose === 'review' ? '评阅专家' : '复核人'}
                </dt>
                <dd>{who}</dd>
              </div>
            )}
            <div className="lr-fact">
              <dt>
                <ClockCircleOutlined aria-hidden /> 有效期至
              </dt>
              <dd>{formatDate(link.expiresAt, 'YYYY-MM-DD HH:mm')}</dd>
            </div>
          </dl>
        )}
      </header>
      <main id="main-content" className="lr-content">
        {children}
      </main>
    </div>
  );
}
