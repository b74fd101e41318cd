import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_KINDS,
  type AnnotationCategory,
  type AnnotationKind,
  isDrawnMark,
} from '@zikao/contract/annotation';
import { Button, Empty, Input, Select, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { memo, useEffect, useRef, useState } from 'react';
import { ConfirmPopover } from '../shared/components/steady-dialogs.tsx';
import { ToneTag } from '../shared/components/tone-tag.tsx';
import { formatDate } from '../shared/utils/date.ts';
import type { Placement } from './anchoring-layout.ts';
import { type Decorate, markColor, withDecorationClass } from './annotation-decoration.ts';
import { AnnotationForm, type AnnotationValues } from './annotation-form.tsx';
import type { WorkspaceAnnotation } from './annotation-model.ts';
import { CATEGORY_BY_KEY, KIND_LABEL, SEVERITY_LABEL, SEVERITY_TONE, STAMP_LABEL } from './categories.ts';
import { KindIcon, SuggestionLine } from './marks/mark-parts.tsx';
import { suggestionView } from './marks/mark-style.ts';

/** The text marks of issue 24, shown with their icon (highlights, boxes, notes and stamps read as before). */
const NEW_TEXT_KINDS = new Set<AnnotationKind>(['underline', 'strikeout', 'replace', 'insert']);

/** A keyboard request for one annotation of the list (R: reply, E: edit); a new nonce repeats it. */
export interface ListCommand {
  id: string;
  action: 'reply' | 'edit';
  nonce: number;
}

export interface AnnotationListProps {
  annotations: readonly WorkspaceAnnotation[];
  placements: ReadonlyMap<string, Placement>;
  numbers: ReadonlyMap<string, number>;
  selectedId: string | null;
  editable: boolean;
  canReply: boolean;
  currentUserId: number;
  filter: ReadonlySet<AnnotationCategory>;
  onFilter(filter: Set<AnnotationCategory>): void;
  onOpen(id: string): void;
  onEdit(id: string, values: AnnotationValues): void;
  onDelete(id: string): void;
  onReply(id: string, text: string): void;
  /** How a page is named: 第 N 页, or a field's label in structured-text mode. */
  pageLabel(pageIndex: number): string;
  /** The screen's colour, label and note for an annotation (`AnnotationWorkspaceProps.decorate`). */
  decorate?: Decorate;
  command?: ListCommand | null;
}

/** The side list: every annotation in reading order, filterable by category; orphans last, never dropped. */
export function AnnotationList(props: AnnotationListProps) {
  const { annotations, placements, filter } = props;
  const counts = new Map<AnnotationCategory, number>();
  for (const annotation of annotations) counts.set(annotation.category, (counts.get(annotation.category) ?? 0) + 1);
  const kindCounts = new Map<AnnotationKind, number>();
  for (const annotation of annotations) kindCounts.set(annotation.kind, (kindCounts.get(annotation.kind) ?? 0) + 1);
  // The kinds present, in the contract's order; a kind filter only when there is more than one.
  const kinds = ANNOTATION_KINDS.filter((kind) => kindCounts.has(kind));
  const [kindFilter, setKindFilter] = useState<AnnotationKind | null>(null);
  // A kind no longer present (its last mark deleted) filters nothing.
  const activeKind = kindFilter && kindCounts.has(kindFilter) ? kindFilter : undefined;
  const shown = annotations.filter(
    (annotation) =>
      (filter.size === 0 || filter.has(annotation.category)) && (!activeKind || annotation.kind === activeKind),
  );
  const placed = shown.filter((annotation) => placements.get(annotation.id)?.kind !== 'orphan');
  const orphans = shown.filter((annotation) => placements.get(annotation.id)?.kind === 'orphan');

  function toggle(category: AnnotationCategory) {
    const next = new Set(filter);
    if (next.has(category)) next.delete(category);
    else next.add(category);
    props.onFilter(next);
  }

  return (
    <div className="aw-list">
      <fieldset className="aw-filter aw-fieldset">
        <legend className="aw-sr-only">按类别筛选</legend>
        {ANNOTATION_CATEGORIES.map((category) => (
          <button
            key={category.key}
            type="button"
            aria-pressed={filter.has(category.key)}
            className={`aw-chip aw-chip-small${filter.has(category.key) ? ' aw-chip-on' : ''}`}
            style={{ '--chip': category.color } as React.CSSProperties}
            onClick={() => toggle(category.key)}
          >
            <span className="aw-dot" style={{ background: category.color }} />
            {category.label} {counts.get(category.key) ?? 0}
          </button>
        ))}
        {filter.size > 0 && (
          <Button type="link" size="small" onClick={() => props.onFilter(new Set())}>
            全部
          </Button>
        )}
      </fieldset>
      {kinds.length > 1 && (
        <div className="aw-kind-filter">
          <Select<AnnotationKind>
            size="small"
            aria-label="按批注方式筛选"
            placeholder="全部批注方式"
            allowClear
            style={{ minWidth: 150 }}
            value={activeKind}
            onChange={(kind) => setKindFilter(kind ?? null)}
            options={kinds.map((kind) => ({
              value: kind,
              label: (
                <span className="aw-kind-option">
                  <KindIcon kind={kind} />
                  {KIND_LABEL[kind]}（{kindCounts.get(kind) ?? 0}）
                </span>
              ),
            }))}
          />
        </div>
      )}
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            annotations.length === 0
              ? props.editable
                ? '还没有批注：选中文字即可添加'
                : '暂无批注'
              : '没有符合筛选的批注'
          }
        />
      ) : (
        <ol className="aw-items" aria-label="批注列表">
          {placed.map((annotation) => (
            <AnnotationItem key={annotation.id} {...props} annotation={annotation} />
          ))}
          {orphans.length > 0 && (
            <li className="aw-orphan-head" aria-hidden="true">
              原文已删改、无法定位的批注（{orphans.length}）
            </li>
          )}
          {orphans.map((annotation) => (
            <AnnotationItem key={annotation.id} {...props} annotation={annotation} />
          ))}
        </ol>
      )}
    </div>
  );
}

const AnnotationItem = memo(function AnnotationItem(props: AnnotationListProps & { annotation: WorkspaceAnnotation }) {
  const { annotation, placements, numbers, selectedId, editable } = props;
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const category = CATEGORY_BY_KEY[annotation.category];
  const decoration = props.decorate?.(annotation);
  const color = markColor(annotation, decoration);
  const placement = placements.get(annotation.id);
  const quote = annotation.selectors.find((s) => s.type === 'TextQuoteSelector');
  const suggestion = suggestionView(annotation);
  const number = numbers.get(annotation.id);
  const mine = annotation.authorId === props.currentUserId;
  const selected = selectedId === annotation.id;
  const label = `${number ? `${number}. ` : ''}${KIND_LABEL[annotation.kind]}，${category.label}，${props.pageLabel(annotation.pageIndex)}`;
  const itemRef = useRef<HTMLLIElement>(null);
  const replyRef = useRef<TextAreaRef>(null);
  const { command, canReply } = props;
  const canEdit = editable && mine;

  // The picked annotation (J / K, or on the page) comes into view in the list.
  useEffect(() => {
    if (selected) itemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  useEffect(() => {
    if (!command || command.id !== annotation.id) return;
    if (command.action === 'reply' && canReply) {
      setReplying(true);
      requestAnimationFrame(() => replyRef.current?.focus());
    } else if (command.action === 'edit' && canEdit) setEditing(true);
  }, [command, annotation.id, canReply, canEdit]);

  /** Back to the item after a reply or an edit closes, so the keyboard goes on from here. */
  function backToItem() {
    requestAnimationFrame(() => itemRef.current?.querySelector<HTMLElement>('.aw-item-open')?.focus());
  }

  return (
    <li
      ref={itemRef}
      className={withDecorationClass(`aw-item${selected ? ' aw-item-selected' : ''}`, decoration)}
      style={{ borderLeftColor: color }}
      data-annotation-id={annotation.id}
    >
      <button
        type="button"
        className="aw-item-open"
        onClick={() => props.onOpen(annotation.id)}
        title={`定位到${label}`}
      >
        <span className="aw-item-head">
          {number && (
            <span className="aw-num" style={{ background: color }}>
              {number}
            </span>
          )}
          {decoration?.label && (
            <span className="aw-decoration" style={{ color, borderColor: color }}>
              {decoration.label}
            </span>
          )}
          <span className="aw-cat">
            <span className="aw-dot" style={{ background: category.color }} />
            {category.label}
          </span>
          <ToneTag bordered={false} tone={SEVERITY_TONE[annotation.severity]}>
            {SEVERITY_LABEL[annotation.severity]}
          </ToneTag>
          <span className="aw-muted aw-item-kind">
            {NEW_TEXT_KINDS.has(annotation.kind) && <KindIcon kind={annotation.kind} />}
            {annotation.kind === 'stamp' && annotation.stamp
              ? `印章 ${annotation.stamp} ${STAMP_LABEL[annotation.stamp]}`
              : KIND_LABEL[annotation.kind]}{' '}
            · {props.pageLabel(annotation.pageIndex)}
          </span>
        </span>
        {isDrawnMark(annotation.kind) && annotation.shape && (
          <span className="aw-item-shape">
            <KindIcon kind={annotation.kind} shape={annotation.shape} size={40} />
          </span>
        )}
        {suggestion ? (
          <span className="aw-item-quote aw-item-suggestion">
            <SuggestionLine annotation={annotation} />
          </span>
        ) : (
          quote && (
            <span className="aw-item-quote">
              “{quote.exact.length > 80 ? `${quote.exact.slice(0, 80)}…` : quote.exact}”
            </span>
          )
        )}
        {annotation.comment && <span className="aw-item-comment">{annotation.comment}</span>}
        {decoration?.note && <span className="aw-item-note">{decoration.note}</span>}
      </button>
      <div className="aw-item-meta">
        {placement?.kind === 'orphan' && <Tag color="red">原文已删改</Tag>}
        {placement?.kind === 'text' && placement.status === 'moved' && (
          <Tooltip title={`按相似文字重新定位，可信度 ${Math.round(placement.confidence * 100)}%`}>
            <Tag color="orange">位置已变动</Tag>
          </Tooltip>
        )}
        {annotation.pending && <Tag color="gold">待同步</Tag>}
        <span className="aw-muted">
          {annotation.authorName} · {formatDate(annotation.updatedAt, 'MM-DD HH:mm')}
        </span>
        <span className="aw-item-actions">
          {props.canReply && (
            <Tooltip title="回复">
              <Button
                size="small"
                type="text"
                icon={<MessageOutlined />}
                aria-label="回复"
                onClick={() => setReplying(!replying)}
              />
            </Tooltip>
          )}
          {editable && mine && (
            <>
              <Tooltip title="编辑">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label="编辑批注"
                  onClick={() => setEditing(true)}
                />
              </Tooltip>
              <ConfirmPopover
                title="删除这条批注？"
                description="删除后可撤销（Ctrl+Z）"
                okText="删除"
                cancelText="取消"
                onConfirm={() => props.onDelete(annotation.id)}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除批注" />
              </ConfirmPopover>
            </>
          )}
        </span>
      </div>
      {editing && (
        <AnnotationForm
          kind={annotation.kind}
          initial={{
            category: annotation.category,
            severity: annotation.severity,
            comment: annotation.comment,
            stamp: annotation.stamp,
            ...(annotation.suggestion != null ? { suggestion: annotation.suggestion } : {}),
          }}
          {...(quote ? { quote: quote.exact } : {})}
          onSubmit={(values) => {
            setEditing(false);
            props.onEdit(annotation.id, values);
            backToItem();
          }}
          onCancel={() => {
            setEditing(false);
            backToItem();
          }}
        />
      )}
      {annotation.replies.length > 0 && (
        <ul className="aw-replies" aria-label="回复">
          {annotation.replies.map((item) => (
            <li key={item.id}>
              <span className="aw-reply-author">{item.authorName}</span>
              <span className="aw-muted">
                {' '}
                {item.authorRole === 1 ? '考生' : '老师'} · {formatDate(item.createdAt, 'MM-DD HH:mm')}
              </span>
              <div>{item.comment}</div>
            </li>
          ))}
        </ul>
      )}
      {replying && (
        <div className="aw-reply-box">
          <Input.TextArea
            ref={replyRef}
            aria-label="回复内容"
            autoFocus
            autoSize={{ minRows: 2, maxRows: 5 }}
            value={reply}
            maxLength={2000}
            onChange={(event) => setReply(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && reply.trim()) {
                props.onReply(annotation.id, reply.trim());
                setReply('');
                setReplying(false);
                backToItem();
              } else if (event.key === 'Escape') {
                event.stopPropagation();
                setReplying(false);
                backToItem();
              }
            }}
          />
          <Button
            size="small"
            type="primary"
            disabled={!reply.trim()}
            onClick={() => {
              props.onReply(annotation.id, reply.trim());
              setReply('');
              setReplying(false);
            }}
          >
            回复
          </Button>
        </div>
      )}
    </li>
  );
});
