import { EditOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDto, SubmissionDetail, SubmissionStatus } from '@zikao/contract/review';
import { Alert, Button, message, Space, Tabs, Timeline } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { SubmissionStatusTag } from '../../../../shared/components/status-tag.tsx';
import { useSessionStore } from '../../../../shared/stores/session-store.ts';
import { formatDateTime } from '../../../../shared/utils/date.ts';
import { useFillHeight } from '../../../../shared/utils/use-fill-height.ts';
import { readPreference, writePreference } from '../../../../shared/utils/user-preference.ts';
import { AnnotationWorkspace, type LocalAuthor } from '../../../../workspace/lazy-workspace.tsx';
import { reviewKeys, useReviewApi } from '../../api/review-api.ts';
import { withCarried } from './carried-model.ts';
import { CarriedPanel } from './carried-panel.tsx';
import { usePanelWidth } from './panel-layout.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewHeader } from './review-header.tsx';
import { ReviewResult } from './review-result.tsx';
import { awaitsCarryOver, reopenedFor, reviewAccess, withMark } from './screen-model.ts';
import { ReviewSkeleton } from './screen-states.tsx';
import { reviewPathOf } from './stage-paths.ts';
import { StructuredText, topicTextFields } from './structured-text.tsx';
import { SubmittedNext } from './submitted-next.tsx';
import { VersionDiffDrawer } from './version-diff-drawer.tsx';
import './review.css';

export interface ReviewWorkbenchProps {
  submissionId: number;
  /** review: the reviewer's form (opening moves 待评阅 to 评阅中); readonly: annotations and result only. */
  mode: 'review' | 'readonly';
  /** Without the shared layout: the page's own frame sets the height. */
  bare?: boolean;
  /** Opens on the carried-over check rather than the review (the "view annotations" readings). */
  annotationsFirst?: boolean;
  /** Extra header actions, e.g. the link between the two readings of a path. */
  actions?: ReactNode;
  /**
   * Who is looking, when not the signed-in user: on a 评阅 link, the outside expert the link acts
   * as (the submission's reviewer, adr/011), who owns the form and the annotations.
   */
  viewer?(detail: SubmissionDetail): LocalAuthor;
  /**
   * The 评阅 tab's content in place of the standard one (the form, or the result), which it is
   * handed: an admin review page's thank-you or its check. Only for the current version.
   */
  reviewPanel?(detail: SubmissionDetail, standard: ReactNode): ReactNode;
  /** The review was submitted; the detail is reloading. */
  onSubmitted?(): void;
}

/**
 * The document workspace beside the review panel (评阅, 批注, 批注核对, 记录), for one submission: the
 * review screens' body, and an admin review page's (adr/011), whose calls go through the API the
 * screen is given (`ReviewApiProvider`, `WorkspaceApiProvider`).
 */
export function ReviewWorkbench({
  submissionId,
  mode,
  bare,
  annotationsFirst,
  actions,
  viewer,
  reviewPanel,
  onSubmitted: reported,
}: ReviewWorkbenchProps) {
  const api = useReviewApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessionId = useSessionStore((state) => state.id);
  const key = reviewKeys.detail(api.kind, submissionId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.detail(submissionId, mode === 'review'),
    staleTime: 0,
    // A new version's document may still be in preparation; its carried annotations follow.
    refetchInterval: (current) =>
      current.state.data && awaitsCarryOver(current.state.data) && current.state.dataUpdateCount < 60 ? 3000 : false,
  });
  const [versionNo, setVersionNo] = useState<number | null>(null);
  const [diffOpen, setDiffOpen] = useState(false);
  // Folded or not, as the person left it last time.
  const [collapsed, setCollapsedState] = useState(() => readPreference(PANEL_FOLDED, (raw) => raw === '1') ?? false);
  const setCollapsed = useCallback((folded: boolean) => {
    setCollapsedState(folded);
    writePreference(PANEL_FOLDED, folded ? '1' : '0');
  }, []);
  const [tab, setTab] = useState<string | null>(null);
  // The workspace's annotation list lives in the panel's 批注 tab, so the page keeps the width.
  const [listHost, setListHost] = useState<HTMLDivElement | null>(null);
  const showList = useCallback(() => setTab('annotations'), []);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // The submission whose review was just submitted on this screen: its success and 下一篇 show.
  const [submittedId, setSubmittedId] = useState<number | null>(null);
  // The workspace's numbering, so the carried-over check says 批注 N as the 批注 tab does.
  const [numbers, setNumbers] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [toast, toastHolder] = message.useMessage();
  const { width, separator } = usePanelWidth();
  const fill = useFillHeight(`${query.data?.id}-${versionNo}-${query.status}`, 520, 16);

  const update = useCallback(
    (change: (detail: SubmissionDetail) => SubmissionDetail) =>
      queryClient.setQueryData<SubmissionDetail>(key, (old) => (old ? change(old) : old)),
    [queryClient, key],
  );
  const onSaved = useCallback(
    (review: ReviewDto) =>
      update((detail) =>
        // A draft save answered after the submit must not bring the form back.
        detail.review?.state === 'submitted'
          ? detail
          : { ...detail, status: detail.status === 'assigned' ? 'reviewing' : detail.status, review },
      ),
    [update],
  );
  const reload = useCallback(() => void query.refetch(), [query]);
  const onSubmitted = useCallback(
    (result: { status: SubmissionStatus; review: ReviewDto }) => {
      update((detail) => ({ ...detail, status: result.status, review: result.review }));
      setSubmittedId(submissionId);
      reload();
      reported?.();
    },
    [update, reload, reported, submissionId],
  );

  async function place(annotationId: string, candidate: number | null) {
    if (!api.placeCarried) return;
    setBusy((ids) => new Set(ids).add(annotationId));
    try {
      const saved = await api.placeCarried(annotationId, candidate);
      update((detail) => withCarried(detail, saved));
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(annotationId);
        return next;
      });
    }
  }

  async function mark(annotationId: string, addressed: boolean | null) {
    if (!api.markCarried) return;
    setBusy((ids) => new Set(ids).add(annotationId));
    try {
      const saved = await api.markCarried(annotationId, addressed);
      update((detail) => withMark(detail, saved));
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(annotationId);
        return next;
      });
    }
  }

  // A failed refetch (polling, a reload) keeps the screen; only a first load that fails shows the error.
  if (!query.data) {
    return query.isError ? <ErrorState subject="论文" error={query.error} onRetry={reload} back /> : <ReviewSkeleton />;
  }
  const detail = query.data;
  const shownNo = versionNo ?? detail.currentVersion;
  const shown = detail.versions.find((v) => v.versionNo === shownNo) ?? detail.versions[detail.versions.length - 1];
  const onCurrent = shown?.versionNo === detail.currentVersion;
  const author = viewer?.(detail);
  const { canReview, editable, canMark, notice } = reviewAccess(detail, author?.id ?? sessionId, mode, shownNo);
  const reopened = onCurrent ? reopenedFor(detail) : null;
  const carried = onCurrent ? detail.carried : null;
  const review = onCurrent ? detail.review : (shown?.review ?? null);
  const justSubmitted = !editable && onCurrent && submittedId === detail.id && api.kind === 'session';
  const standardPanel = (
    <>
      {justSubmitted && <SubmittedNext stage={detail.stage} submissionId={detail.id} />}
      {notice && <Alert type="info" showIcon className="rv-form-alert" title={notice} />}
      {editable && reopened && (
        <Alert
          type="warning"
          showIcon
          className="rv-form-alert"
          data-testid="reopened-banner"
          title="管理员已重新打开此评阅，请修改后重新提交"
          description={`原因：${reopened.reason || '未填写'}（${reopened.actorName || '管理员'}，${formatDateTime(reopened.createdAt)}）`}
        />
      )}
      {editable ? (
        <ReviewForm
          key={`${detail.id}-${detail.currentVersion}`}
          detail={detail}
          onSaved={onSaved}
          onSubmitted={onSubmitted}
          onReload={reload}
        />
      ) : (
        <ReviewResult review={review} detail={detail} title={onCurrent ? '评阅结果' : `第${shownNo}版评阅结果`} />
      )}
    </>
  );
  const panelTabs = [
    {
      key: 'review',
      label: editable ? '评阅' : '评阅结果',
      children: (
        <div className="rv-tab">{reviewPanel && onCurrent ? reviewPanel(detail, standardPanel) : standardPanel}</div>
      ),
    },
    ...(shown?.documentId != null
      ? [
          {
            key: 'annotations',
            label: '批注',
            // Mounted from the start: the workspace puts its list here whichever tab is open.
            forceRender: true,
            children: <div className="rv-annotations" ref={setListHost} data-testid="review-annotations" />,
          },
        ]
      : []),
    ...(carried
      ? [
          {
            key: 'carried',
            label: `批注核对 ${carried.items.filter((item) => item.addressed !== null).length}/${carried.items.length}`,
            children: (
              <div className="rv-tab">
                <CarriedPanel
                  carried={carried}
                  numbers={numbers}
                  editable={canMark && Boolean(api.markCarried)}
                  busy={busy}
                  onMark={(id, addressed) => void mark(id, addressed)}
                  onPlace={api.placeCarried ? (id, candidate) => void place(id, candidate) : undefined}
                  onLocate={(id) => {
                    if (!locateInWorkspace(id)) void toast.info('批注栏中没有这条批注，可能被类别筛选隐藏了');
                  }}
                />
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'history',
      label: '记录',
      children: (
        <div className="rv-tab">
          <Timeline
            items={[...detail.history].reverse().map((entry, index) => ({
              key: index,
              content: (
                <div>
                  <div>
                    {entry.actorName || '系统'} · {ACTION_LABELS[entry.action] ?? entry.action}
                    {entry.toStatus && (
                      <>
                        {' '}
                        → <SubmissionStatusTag status={entry.toStatus} testId="status-tag" />
                      </>
                    )}
                  </div>
                  {entry.reason && <div className="rv-muted">原因：{entry.reason}</div>}
                  <div className="rv-muted">{formatDateTime(entry.createdAt)}</div>
                </div>
              ),
            }))}
          />
        </div>
      ),
    },
  ];
  const activeTab =
    tab && panelTabs.some((t) => t.key === tab) ? tab : annotationsFirst && carried ? 'carried' : 'review';

  const documentView = !shown ? (
    <div className="rv-empty-doc">该论文还没有提交内容</div>
  ) : shown.documentId !== null ? (
    <AnnotationWorkspace
      key={`${shown.documentId}-${editable ? 'edit' : 'readonly'}-${carried ? 'carried' : ''}`}
      documentId={shown.documentId}
      mode={editable ? 'edit' : 'readonly'}
      fields={shown.structured ? topicTextFields(shown.structured) : undefined}
      height="100%"
      thumbnails={false}
      listHost={collapsed ? undefined : listHost}
      onPickAnnotation={showList}
      onNumbersChange={setNumbers}
      author={author}
    />
  ) : shown.structured ? (
    <StructuredText fields={shown.structured} />
  ) : (
    <div className="rv-empty-doc">该版本没有可显示的文档</div>
  );

  return (
    <div className={`rv-screen${bare ? ' rv-screen-bare' : ''}`}>
      {toastHolder}
      <ReviewHeader
        detail={detail}
        versionNo={shownNo}
        onVersion={(next) => setVersionNo(next === detail.currentVersion ? null : next)}
        onDiff={api.diff ? () => setDiffOpen(true) : undefined}
        links={api.kind === 'session'}
        actions={
          <Space>
            {mode === 'readonly' && canReview && api.kind === 'session' && (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(reviewPathOf(detail.stage, detail.id))}
              >
                去评阅
              </Button>
            )}
            {actions}
          </Space>
        }
      />
      {editable && (
        // Shown on phones only (review.css): annotating wants a wider screen; reading works here.
        <Alert
          type="info"
          showIcon
          className="rv-narrow-hint"
          title="批注和评阅建议在电脑或平板横屏上进行；手机上可以阅读论文和批注。"
        />
      )}
      {!onCurrent && (
        <Alert
          type="warning"
          showIcon
          className="rv-version-alert"
          title={`正在查看第${shownNo}版及其批注（只读），当前为第${detail.currentVersion}版`}
          action={
            <Button size="small" onClick={() => setVersionNo(null)}>
              回到当前版本
            </Button>
          }
        />
      )}
      <div
        className="rv-body"
        ref={fill.ref}
        style={fill.height ? ({ '--rv-body-height': `${fill.height}px` } as CSSProperties) : undefined}
      >
        <div className="rv-doc">{documentView}</div>
        {!collapsed && <div className="rv-resizer" {...separator} />}
        {collapsed ? (
          <div className="rv-panel-rail">
            <Button
              type="text"
              icon={<MenuFoldOutlined />}
              aria-expanded={false}
              aria-controls="rv-panel"
              onClick={() => setCollapsed(false)}
            >
              <span className="rv-rail-text">展开评阅栏</span>
            </Button>
          </div>
        ) : (
          <aside
            className="rv-panel"
            id="rv-panel"
            aria-label="评阅栏"
            style={{ '--rv-panel-width': `${width}px` } as CSSProperties}
          >
            <Button
              className="rv-panel-collapse"
              type="text"
              size="small"
              icon={<MenuUnfoldOutlined />}
              aria-label="收起评阅栏"
              aria-expanded
              aria-controls="rv-panel"
              onClick={() => setCollapsed(true)}
            />
            <Tabs size="small" activeKey={activeTab} onChange={setTab} items={panelTabs} />
          </aside>
        )}
      </div>
      {detail.versions.length > 1 && api.diff && (
        <VersionDiffDrawer
          open={diffOpen}
          onClose={() => setDiffOpen(false)}
          submissionId={detail.id}
          versions={detail.versions}
          currentVersion={detail.currentVersion}
        />
      )}
    </div>
  );
}

const PANEL_FOLDED = 'review_panel_folded';

const ACTION_LABELS: Record<string, string> = {
  submit: '提交论文',
  resubmit: '提交修改稿',
  assign: '分配评阅',
  open: '开始评阅',
  saveDraft: '保存草稿',
  reopen: '重新打开评阅',
  check: '复核',
};

/** Opens an annotation through the workspace's own list, which scrolls the document to it. */
function locateInWorkspace(annotationId: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(
    `.aw-items [data-annotation-id="${CSS.escape(annotationId)}"] .aw-item-open`,
  );
  button?.click();
  return Boolean(button);
}
