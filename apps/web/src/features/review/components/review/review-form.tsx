import { ErrorCode } from '@zikao/contract/errors';
import {
  commentLength,
  gradeOf,
  isVerdict,
  type ReviewDto,
  type SubmissionDetail,
  type SubmissionStatus,
  VERDICT_LABELS,
  VERDICTS,
} from '@zikao/contract/review';
import { Alert, Button, Form, Input, message, Radio, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { ApiError } from '../../../../shared/request/errors.ts';
import { formatBeijing } from '../../../../shared/utils/beijing-time.ts';
import { useReviewApi } from '../../api/review-api.ts';
import {
  clearLinkDraft,
  draftHasContent,
  readLinkDraft,
  useLinkDraftKey,
  writeLinkDraft,
} from '../admin-review/link-draft.ts';
import {
  effectiveScore,
  type FieldErrors,
  type FormContext,
  formatDuration,
  initialValues,
  isScored,
  type ReviewFormValues,
  sameValues,
  submitProblems,
  toReviewInput,
} from './review-form-model.ts';
import { ScoreFields } from './score-fields.tsx';
import { useActiveTime } from './use-active-time.ts';

/** A draft is saved this long after the last change. */
const AUTOSAVE_MS = 15_000;

interface ReviewFormProps {
  detail: SubmissionDetail;
  onSaved(review: ReviewDto): void;
  /** The review is final: the screen reloads the detail and turns read-only. */
  /** The submitted review, to show at once; the screen then reloads the whole detail. */
  onSubmitted(result: { status: SubmissionStatus; review: ReviewDto }): void;
  /** The submission changed under the form (1080001): reload it. */
  onReload(): void;
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number; auto: boolean }
  | { kind: 'failed'; text: string };

/** The review form beside the document: verdict, score or rubric, plagiarism rate, comment, save and submit. */
export function ReviewForm({ detail, onSaved, onSubmitted, onReload }: ReviewFormProps) {
  const context: FormContext = useMemo(
    () => ({ stage: detail.stage, rules: detail.batch.rules }),
    [detail.stage, detail.batch.rules],
  );
  const current = detail.versions.find((v) => v.versionNo === detail.currentVersion);
  // On a review link's page, what the expert types is also kept in this browser (issue 32 §1.5).
  const draftKey = useLinkDraftKey();
  const [loaded] = useState<ReviewFormValues>(() => initialValues(detail.review, current?.plagiarismRate ?? null));
  const [values, setValues] = useState<ReviewFormValues>(() => {
    const kept = readLinkDraft(draftKey);
    const newer = kept !== null && kept.at > (detail.review?.updatedAt ?? 0) && detail.review?.state !== 'submitted';
    return kept && newer && draftHasContent(kept.values) ? kept.values : loaded;
  });
  const [baseline, setBaseline] = useState(loaded);
  const [showErrors, setShowErrors] = useState(false);
  const [commentTouched, setCommentTouched] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<{ text: string; stale: boolean } | null>(null);
  const reviewApi = useReviewApi();
  const [modal, modalHolder] = useDialogs();
  const [toast, toastHolder] = message.useMessage();
  const elapsed = useActiveTime(true);
  const baseTime = detail.review?.timeSpentMs ?? 0;
  const [, tick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = !sameValues(values, baseline);
  const score = effectiveScore(values, context);
  const problems = useMemo(() => submitProblems(values, context), [values, context]);
  const shown: FieldErrors = showErrors
    ? problems
    : commentTouched && problems.comment
      ? { comment: problems.comment }
      : {};
  const minLength = detail.batch.rules.minCommentLength;
  const length = commentLength(values.comment);

  useEffect(() => {
    if (draftKey && !sameValues(values, loaded) && draftHasContent(values))
      writeLinkDraft(draftKey, values, Date.now());
  }, [draftKey, values, loaded]);

  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  const input = useCallback(
    (next: ReviewFormValues) => toReviewInput(detail.id, detail.currentVersion, next, context, baseTime + elapsed()),
    [detail.id, detail.currentVersion, baseTime, elapsed, context],
  );

  const explain = useCallback((error: unknown) => {
    if (!(error instanceof Error)) return;
    const stale = error instanceof ApiError && error.code === ErrorCode.conflict;
    setServerError({ text: error.message, stale });
  }, []);

  const save = useCallback(
    async (auto: boolean) => {
      if (saveState.kind === 'saving') return;
      const sent = values;
      setSaveState({ kind: 'saving' });
      try {
        const review = await reviewApi.save(input(sent), auto);
        setBaseline(sent);
        setServerError(null);
        setSaveState({ kind: 'saved', at: Date.now(), auto });
        onSaved(review);
        if (!auto) void toast.success('草稿已保存');
      } catch (error) {
        setSaveState({ kind: 'failed', text: error instanceof Error ? error.message : '保存失败' });
        if (!auto) explain(error);
      }
    },
    [values, saveState.kind, input, onSaved, toast, explain, reviewApi],
  );

  // Autosave: a quiet draft save once the reviewer pauses.
  useEffect(() => {
    if (!dirty || submitting) return;
    const timer = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, submitting, save]);

  // Leaving the screen with unsaved changes saves them as a draft on the way out.
  const pending = useRef<(() => void) | null>(null);
  pending.current = dirty && !submitting ? () => void reviewApi.save(input(values), true).catch(() => {}) : null;
  useEffect(() => () => pending.current?.(), []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function change(patch: Partial<ReviewFormValues>) {
    setValues((previous) => ({ ...previous, ...patch }));
  }

  function onCommentKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save(false);
    }
  }

  function submit() {
    setShowErrors(true);
    if (Object.keys(problems).length > 0) {
      // The first field with a problem takes the focus, so the message is read out.
      const field = (['verdict', 'rubric', 'score', 'plagiarismRate', 'comment'] as const).find((key) => problems[key]);
      formRef.current
        ?.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] textarea`)
        ?.focus();
      return;
    }
    const verdict = values.verdict;
    if (!isVerdict(verdict)) return;
    modal.confirm({
      title: '确认提交评阅？',
      width: 460,
      content: (
        <div className="rv-confirm">
          <p>
            结论：<strong>{VERDICT_LABELS[verdict]}</strong>
            {score !== null && (
              <>
                ，成绩 <strong>{score}</strong> 分（{gradeOf(score)}）
              </>
            )}
          </p>
          <p>
            {verdict === 'revise' ? '论文将退回考生修改，考生提交新版本后回到您这里继续评阅。' : '评阅结论将通知考生。'}
          </p>
          <p>提交后评阅即为最终结果，您不能再修改；如需更改，只有管理员可以重新打开。</p>
        </div>
      ),
      okText: '确认提交',
      cancelText: '再检查一下',
      onOk: async () => {
        setSubmitting(true);
        try {
          const result = await reviewApi.submit({ ...input(values), verdict });
          setBaseline(values);
          setServerError(null);
          // The screen says it (with 下一篇) where the form was: a toast here would go with the form.
          if (draftKey) clearLinkDraft(draftKey);
          onSubmitted(result);
        } catch (error) {
          explain(error);
        } finally {
          setSubmitting(false);
        }
      },
    });
  }

  const uploadsLeft = detail.uploadLimit - detail.uploadsUsed;

  return (
    <form
      ref={formRef}
      className="rv-form"
      aria-label="评阅表单"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {modalHolder}
      {toastHolder}
      {serverError && (
        <Alert
          type="error"
          showIcon
          className="rv-form-alert"
          title={serverError.text}
          action={
            serverError.stale ? (
              <Button size="small" onClick={onReload}>
                刷新
              </Button>
            ) : undefined
          }
          closable={{ onClose: () => setServerError(null), 'aria-label': '关闭' }}
        />
      )}
      <Form layout="vertical" component={false}>
        <Form.Item
          label={<span id="rv-verdict-label">评阅结论</span>}
          required
          validateStatus={shown.verdict ? 'error' : undefined}
          help={shown.verdict}
          data-field="verdict"
        >
          <Radio.Group
            aria-labelledby="rv-verdict-label"
            value={values.verdict}
            onChange={(event) => {
              const verdict: unknown = event.target.value;
              if (isVerdict(verdict)) change({ verdict });
            }}
            optionType="button"
            buttonStyle="solid"
            options={VERDICTS.map((verdict) => ({
              value: verdict,
              label: VERDICT_LABELS[verdict],
              disabled: verdict === 'revise' && isScored(detail.stage),
              title: verdict === 'revise' && isScored(detail.stage) ? '定稿和复试不能退回修改' : undefined,
            }))}
          />
        </Form.Item>
        {values.verdict === 'revise' && uploadsLeft <= 0 && (
          <Alert
            type="warning"
            showIcon
            className="rv-form-alert"
            title={`考生的上传次数已用完（${detail.uploadsUsed}/${detail.uploadLimit}），退回后将无法再提交新版本`}
          />
        )}

        <ScoreFields detail={detail} context={context} values={values} score={score} errors={shown} onChange={change} />

        <Form.Item
          label="评阅意见"
          htmlFor="rv-comment"
          required
          validateStatus={shown.comment ? 'error' : undefined}
          help={shown.comment}
          data-field="comment"
          extra={
            <span className="rv-count" aria-live="polite">
              <span className={length < minLength ? 'rv-error' : undefined}>当前 {length} 字</span>
              {minLength > 0 && <span>，至少 {minLength} 字</span>}
              <span className="rv-muted"> · Ctrl+Enter 保存草稿</span>
            </span>
          }
        >
          <Input.TextArea
            id="rv-comment"
            autoSize={{ minRows: 6, maxRows: 16 }}
            maxLength={5000}
            value={values.comment}
            placeholder="写下对论文的总体评价和修改要求"
            onChange={(event) => change({ comment: event.target.value })}
            onBlur={() => setCommentTouched(true)}
            onKeyDown={onCommentKey}
          />
        </Form.Item>
      </Form>

      <div className="rv-meta">
        <span>已用时 {formatDuration(baseTime + elapsed())}</span>
        <SaveStatus state={saveState} dirty={dirty} />
      </div>
      <div className="rv-actions">
        <Button onClick={() => void save(false)} loading={saveState.kind === 'saving' && !submitting}>
          保存草稿
        </Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交评阅
        </Button>
      </div>
    </form>
  );
}

function SaveStatus({ state, dirty }: { state: SaveState; dirty: boolean }) {
  const text =
    state.kind === 'saving'
      ? '正在保存…'
      : state.kind === 'failed'
        ? `保存失败：${state.text}`
        : state.kind === 'saved' && !dirty
          ? `${state.auto ? '已自动保存' : '草稿已保存'} ${formatBeijing(state.at, 'HH:mm')}`
          : dirty
            ? '有未保存的修改'
            : '';
  return (
    <Typography.Text
      type={state.kind === 'failed' ? 'danger' : 'secondary'}
      role="status"
      data-testid="review-save-state"
    >
      {text}
    </Typography.Text>
  );
}
