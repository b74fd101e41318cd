import { BookOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_SEVERITIES,
  ANNOTATION_STAMPS,
  type AnnotationCategory,
  type AnnotationKind,
  type AnnotationSeverity,
  type AnnotationStamp,
  COMMENT_MAX,
  type CommentBankEntry,
  isSuggestion,
  SUGGESTION_MAX,
} from '@zikao/contract/annotation';
import { Button, Input, Segmented, Space, Tooltip } from 'antd';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { toast } from '../shared/feedback/toast.ts';
import { CATEGORY_BY_KEY, STAMP_COLOR, STAMP_LABEL } from './categories.ts';
import { SuggestionPreview } from './marks/suggestion-preview.tsx';
import { useWorkspaceApi } from './workspace-api.ts';

export interface AnnotationValues {
  category: AnnotationCategory;
  severity: AnnotationSeverity;
  comment: string;
  stamp: AnnotationStamp | null;
  /** 修改建议 / 插入建议: the suggested wording (required for them, left out for other kinds). */
  suggestion?: string;
}

export interface AnnotationFormProps {
  kind: AnnotationKind;
  initial: AnnotationValues;
  /** The selected text, shown as a quote. */
  quote?: string;
  /** The words right after the quote: an insertion's preview shows them after the inserted text. */
  suffix?: string;
  submitText?: string;
  /** Takes the focus when it opens (false: a card opened by a mouse selection waits for a click or Enter). */
  autoFocus?: boolean;
  onSubmit(values: AnnotationValues): void;
  onCancel(): void;
}

/** How many entries the form lists; search finds the rest. */
const BANK_SHOWN = 50;

export const COMMENT_BANK_KEY = ['annotation-workspace', 'comment-bank'] as const;

/** Category, severity, stamp and comment of one annotation, with the comment bank beside the comment. */
export function AnnotationForm({
  kind,
  initial,
  quote,
  suffix,
  submitText = '保存',
  autoFocus = true,
  onSubmit,
  onCancel,
}: AnnotationFormProps) {
  const [values, setValues] = useState<AnnotationValues>(initial);
  const [bankFilter, setBankFilter] = useState('');
  // Shown once saving was tried: an error appearing on blur would move the buttons under the pointer.
  const [suggestionTouched, setSuggestionTouched] = useState(false);
  const commentId = useId();
  const suggestionId = useId();
  const queryClient = useQueryClient();
  const api = useWorkspaceApi();
  const personal = api.personal;
  // Refetched each time the form opens: entries may have been added in another tab or by an admin.
  const bank = useQuery({ queryKey: [...COMMENT_BANK_KEY, api.kind], queryFn: api.commentBank, staleTime: 0 });
  const saveToBank = useMutation({
    mutationFn: () => personal?.saveCommentBank(values.comment.trim(), values.category) ?? Promise.resolve(),
    onSuccess: () => {
      toast('已存为常用批注', 'success');
      void queryClient.invalidateQueries({ queryKey: COMMENT_BANK_KEY });
    },
  });

  const entries = useMemo(() => {
    const list = bank.data ?? [];
    const filter = bankFilter.trim();
    const matching = filter ? list.filter((entry) => entry.text.includes(filter)) : list;
    // The chosen category's entries first; the server already sorts by use.
    return [...matching].sort(
      (a, b) => Number(b.category === values.category) - Number(a.category === values.category),
    );
  }, [bank.data, bankFilter, values.category]);

  const needsComment = kind === 'area' || kind === 'note';
  const suggests = isSuggestion(kind);
  const suggestionError = suggests ? suggestionProblem(kind, values.suggestion ?? '', quote) : null;
  const invalid =
    (needsComment && values.comment.trim() === '') || (kind === 'stamp' && !values.stamp) || suggestionError !== null;

  function insert(entry: CommentBankEntry) {
    setValues((current) => ({
      ...current,
      comment: current.comment
        ? `${current.comment}${current.comment.endsWith('\n') ? '' : '\n'}${entry.text}`
        : entry.text,
    }));
    void personal?.countCommentBankUse(entry.id).catch(() => {});
  }

  function submit() {
    if (invalid) {
      setSuggestionTouched(true);
      toast(suggestionError ?? (kind === 'stamp' ? '请选择印章' : '请填写批注内容'), 'warning');
      return;
    }
    const { suggestion, ...rest } = values;
    onSubmit({
      ...rest,
      comment: values.comment.trim(),
      ...(suggests ? { suggestion: (suggestion ?? '').trim() } : {}),
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.altKey && /^Digit[1-9]$/.test(event.code)) {
      const entry = entries[Number(event.code.slice(5)) - 1];
      if (entry) {
        event.preventDefault();
        insert(entry);
      }
    } else if (!event.altKey && !event.ctrlKey && !event.metaKey && /^[1-6]$/.test(event.key)) {
      const target = event.target as HTMLElement;
      if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT') return;
      const category = ANNOTATION_CATEGORIES[Number(event.key) - 1];
      if (category) setValues((current) => ({ ...current, category: category.key }));
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the form's fields bubble here
    <div className="aw-form" onKeyDown={onKeyDown}>
      {quote && !suggests && (
        <blockquote className="aw-quote">{quote.length > 120 ? `${quote.slice(0, 120)}…` : quote}</blockquote>
      )}
      {suggests && (
        <div className="aw-suggestion-field">
          <SuggestionPreview kind={kind} quote={quote ?? ''} suggestion={values.suggestion ?? ''} suffix={suffix} />
          <label className="aw-label" htmlFor={suggestionId}>
            {kind === 'replace' ? '建议文字（替换原文）' : '建议文字（插入到光标处）'}
          </label>
          <Input.TextArea
            id={suggestionId}
            autoFocus={autoFocus}
            value={values.suggestion ?? ''}
            maxLength={SUGGESTION_MAX}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={kind === 'replace' ? '改为…' : '插入…'}
            aria-invalid={suggestionTouched && suggestionError !== null}
            aria-describedby={suggestionTouched && suggestionError ? `${suggestionId}-error` : undefined}
            onChange={(event) => setValues({ ...values, suggestion: event.target.value })}
          />
          {suggestionTouched && suggestionError && (
            <div id={`${suggestionId}-error`} className="aw-field-error" role="alert">
              {suggestionError}
            </div>
          )}
        </div>
      )}
      <fieldset className="aw-field aw-fieldset">
        <legend className="aw-sr-only">批注类别</legend>
        {ANNOTATION_CATEGORIES.map((category, index) => {
          const checked = values.category === category.key;
          return (
            <button
              key={category.key}
              type="button"
              aria-pressed={checked}
              className={`aw-chip${checked ? ' aw-chip-on' : ''}`}
              style={{ '--chip': category.color } as React.CSSProperties}
              onClick={() => setValues({ ...values, category: category.key })}
              title={`${category.label}（${index + 1}）`}
            >
              <span className="aw-dot" style={{ background: category.color }} />
              {category.label}
            </button>
          );
        })}
      </fieldset>
      <div className="aw-field aw-row">
        <span className="aw-label" id={`${commentId}-sev`}>
          严重程度
        </span>
        <Segmented
          size="small"
          aria-labelledby={`${commentId}-sev`}
          value={values.severity}
          options={ANNOTATION_SEVERITIES.map((s) => ({ value: s.key, label: s.label }))}
          onChange={(severity) => setValues({ ...values, severity: severity as AnnotationSeverity })}
        />
      </div>
      {kind === 'stamp' && (
        <fieldset className="aw-field aw-row aw-fieldset">
          <legend className="aw-sr-only">印章</legend>
          {ANNOTATION_STAMPS.map((stamp) => (
            <button
              key={stamp}
              type="button"
              aria-pressed={values.stamp === stamp}
              aria-label={STAMP_LABEL[stamp]}
              className={`aw-stamp-choice${values.stamp === stamp ? ' aw-chip-on' : ''}`}
              style={{ color: STAMP_COLOR[stamp] }}
              onClick={() => setValues({ ...values, stamp })}
            >
              {stamp}
            </button>
          ))}
        </fieldset>
      )}
      <label className="aw-label" htmlFor={commentId}>
        批注内容{needsComment ? '' : '（可选）'}
      </label>
      <Input.TextArea
        id={commentId}
        autoFocus={autoFocus && !suggests}
        value={values.comment}
        maxLength={COMMENT_MAX}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder="写下意见，Ctrl+Enter 保存"
        onChange={(event) => setValues({ ...values, comment: event.target.value })}
      />
      <section className="aw-bank" aria-label="常用批注语">
        <div className="aw-bank-head">
          <span className="aw-label">
            <BookOutlined /> 常用批注语（Alt+数字插入）
          </span>
          <Input
            size="small"
            allowClear
            aria-label="搜索常用批注语"
            placeholder="搜索"
            value={bankFilter}
            onChange={(event) => setBankFilter(event.target.value)}
            style={{ width: 120 }}
          />
        </div>
        <ul className="aw-bank-list">
          {bank.isLoading && <li className="aw-muted">加载中…</li>}
          {!bank.isLoading && entries.length === 0 && <li className="aw-muted">暂无常用批注语</li>}
          {/* Every entry is listed (the list scrolls; search narrows it); Alt + 1–9 takes the first nine. */}
          {entries.slice(0, BANK_SHOWN).map((entry, index) => (
            <li key={entry.id}>
              <button type="button" className="aw-bank-item" onClick={() => insert(entry)}>
                {index < 9 ? <kbd>{index + 1}</kbd> : <span className="aw-kbd-blank" />}
                <span className="aw-dot" style={{ background: CATEGORY_BY_KEY[entry.category].color }} />
                <span className="aw-bank-text">{entry.text}</span>
                {entry.shared && <span className="aw-muted">公共</span>}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <div className="aw-form-actions">
        {/* Without a bank of one's own (a review link's expert) there is nowhere to keep it. */}
        {personal ? (
          <Tooltip title="把当前内容存为常用批注语">
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={values.comment.trim() === ''}
              loading={saveToBank.isPending}
              onClick={() => saveToBank.mutate()}
            >
              存为常用批注
            </Button>
          </Tooltip>
        ) : (
          <span />
        )}
        <Space>
          <Button size="small" onClick={onCancel}>
            取消
          </Button>
          <Button size="small" type="primary" onClick={submit}>
            {submitText}
          </Button>
        </Space>
      </div>
    </div>
  );
}

/** Why a suggestion cannot be saved yet, in the reviewer's words; null when it can. */
export function suggestionProblem(kind: AnnotationKind, suggestion: string, quote?: string): string | null {
  const text = suggestion.trim();
  if (!text) return kind === 'replace' ? '请填写修改后的文字' : '请填写要插入的文字';
  if (kind === 'replace' && quote !== undefined && text === quote.trim()) return '建议文字与原文相同，请修改';
  return null;
}
