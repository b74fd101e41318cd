import { AimOutlined } from '@ant-design/icons';
import { ANNOTATION_KIND_LABELS, isDrawnMark } from '@zikao/contract/annotation';
import type { CarriedAnnotationDto, CarriedSummary, CarryStatus } from '@zikao/contract/review';
import { Button, Empty, Progress, Space, Tooltip, Typography } from 'antd';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { formatDateTime } from '../../../../shared/utils/date.ts';
import { KindIcon, SuggestionLine } from '../../../../workspace/marks/mark-parts.tsx';
import { candidateMatch, carriedInOrder } from './carried-model.ts';
import { CARRY_LABELS, carriedProgress } from './review-form-model.ts';

type Tone = 'green' | 'orange' | 'red' | 'grey';

/** A status's words and tone; a status this screen does not know yet shows as itself, in grey. */
function carryLabel(status: CarryStatus | string): { label: string; tone: Tone; hint: string } {
  return (
    (CARRY_LABELS as Record<string, { label: string; tone: Tone; hint: string } | undefined>)[status] ?? {
      label: String(status),
      tone: 'grey',
      hint: '',
    }
  );
}

/** The statuses counted above the list: the usual three always, others when any item has them. */
function shownStatuses(counts: Readonly<Record<string, number>>): string[] {
  const base = ['found', 'moved', 'orphaned'];
  return [...base, ...Object.keys(counts).filter((status) => !base.includes(status) && (counts[status] ?? 0) > 0)];
}

interface CarriedPanelProps {
  carried: CarriedSummary;
  /** The reviewer may tick the points (their own, on a version still under review). */
  editable: boolean;
  /** Ids being saved right now. */
  busy: ReadonlySet<string>;
  onMark(annotationId: string, addressed: boolean | null): void;
  /** Shows the annotation in the workspace; absent when the workspace shows another version. */
  onLocate?: (annotationId: string) => void;
  /**
   * Places an orphan at one of its candidates (可能的位置, by index) or dismisses them (null);
   * absent where the reviewer cannot (another's points, a link's page).
   */
  onPlace?: (annotationId: string, candidate: number | null) => void;
  /** The workspace's number of each annotation (the #N of the 批注 tab); empty until it has them. */
  numbers?: ReadonlyMap<string, number>;
}

/**
 * The previous version's annotations as they landed on this one: still found, moved (re-anchored
 * by fuzzy match, never silently) or orphaned. The reviewer ticks whether each point was addressed.
 */
export function CarriedPanel({
  carried,
  editable,
  busy,
  onMark,
  onLocate,
  onPlace,
  numbers = NO_NUMBERS,
}: CarriedPanelProps) {
  const progress = carriedProgress(carried.items);
  return (
    <section className="rv-carried" aria-label="上一版批注核对" data-testid="carried-panel">
      <p className="rv-muted rv-carried-intro">
        第 {carried.fromVersionNo} 版的 {progress.total} 条批注已带到第 {carried.versionNo}{' '}
        版，请逐条核对考生是否已修改。
      </p>
      <div className="rv-carried-progress">
        <span data-testid="carried-progress">
          已核对 {progress.checked}/{progress.total}
        </span>
        <span className="rv-muted">其中已修改 {progress.addressed} 条</span>
      </div>
      <Progress
        percent={progress.total === 0 ? 0 : Math.round((progress.checked / progress.total) * 100)}
        size="small"
        showInfo={false}
        aria-label={`已核对 ${progress.checked}/${progress.total}`}
      />
      <Space size={4} wrap className="rv-carried-counts">
        {shownStatuses(carried.counts).map((status) => (
          <Tooltip key={status} title={carryLabel(status).hint}>
            <span>
              <ToneTag bordered={false} tone={carryLabel(status).tone}>
                {carryLabel(status).label} {(carried.counts as Record<string, number>)[status] ?? 0}
              </ToneTag>
            </span>
          </Tooltip>
        ))}
      </Space>
      {carried.items.length === 0 ? (
        <Empty description="上一版没有批注" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="rv-carried-list" aria-label="带过来的批注">
          {carriedInOrder(carried.items, numbers).map(({ item, number }, index) => (
            <CarriedItem
              key={item.id}
              item={item}
              index={index}
              number={number}
              editable={editable}
              busy={busy.has(item.id)}
              onMark={onMark}
              onLocate={onLocate}
              onPlace={editable ? onPlace : undefined}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const NO_NUMBERS: ReadonlyMap<string, number> = new Map();

function CarriedItem({
  item,
  index,
  number,
  editable,
  busy,
  onMark,
  onLocate,
  onPlace,
}: {
  item: CarriedAnnotationDto;
  index: number;
  /** Its number in the workspace (批注 N), or null before the workspace has numbered it. */
  number: number | null;
  editable: boolean;
  busy: boolean;
  onMark(annotationId: string, addressed: boolean | null): void;
  onLocate?: (annotationId: string) => void;
  onPlace?: (annotationId: string, candidate: number | null) => void;
}) {
  const label = carryLabel(item.status);
  const kind = item.kind ?? 'highlight';
  const suggestion = kind === 'replace' || kind === 'insert' || kind === 'strikeout';
  const name = number === null ? `第 ${index + 1} 条` : `批注 ${number}`;
  const toggle = (addressed: boolean) => onMark(item.id, item.addressed === addressed ? null : addressed);
  return (
    <li className={`rv-carried-item rv-carried-${item.status}`} data-carried-id={item.id}>
      <div className="rv-carried-head">
        {number !== null && (
          <span className="rv-carried-number" title={name} data-testid="carried-number">
            {number}
          </span>
        )}
        <ToneTag bordered={false} tone={label.tone}>
          {label.label}
        </ToneTag>
        {item.status === 'moved' && <span className="rv-muted">匹配度 {Math.round(item.confidence * 100)}%</span>}
        {kind !== 'highlight' && (
          <span className="rv-muted rv-carried-kind" data-kind={kind}>
            <KindIcon kind={kind} /> {ANNOTATION_KIND_LABELS[kind] ?? kind}
          </span>
        )}
        <span className="rv-muted">第 {item.pageIndex + 1} 页</span>
        {onLocate && item.status !== 'orphaned' && (
          <Button
            type="text"
            size="small"
            icon={<AimOutlined />}
            aria-label={`在文档中定位${name}`}
            onClick={() => onLocate(item.id)}
          />
        )}
      </div>
      {suggestion && item.quote ? (
        <p className="rv-carried-suggestion">
          <SuggestionLine
            annotation={{
              kind,
              selectors: [{ type: 'TextQuoteSelector', exact: item.quote }],
              suggestion: item.suggestion ?? null,
            }}
          />
        </p>
      ) : (
        isDrawnMark(kind) &&
        !item.quote && <p className="rv-muted rv-carried-drawn">绘制的批注，下方没有文字；已按原页码和位置带到本版。</p>
      )}
      {item.quote && !suggestion && (
        <blockquote className="rv-quote" title={item.quote}>
          {item.quote}
        </blockquote>
      )}
      <Typography.Paragraph className="rv-carried-comment" ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>
        {item.comment || '（无批注内容）'}
      </Typography.Paragraph>
      {item.writtenAt > 0 && (
        <div className="rv-muted rv-carried-written" data-testid="carried-written">
          写于 {formatDateTime(item.writtenAt)}
        </div>
      )}
      {item.status === 'orphaned' && item.candidates.length > 0 && (
        <CarriedCandidates item={item} name={name} busy={busy} onPlace={onPlace} />
      )}
      <fieldset className="rv-carried-marks">
        <legend className="sr-only">{name}是否已修改</legend>
        {editable ? (
          <>
            <Button
              size="small"
              type={item.addressed === true ? 'primary' : 'default'}
              aria-pressed={item.addressed === true}
              loading={busy}
              onClick={() => toggle(true)}
            >
              已修改
            </Button>
            <Button
              size="small"
              danger={item.addressed === false}
              type={item.addressed === false ? 'primary' : 'default'}
              aria-pressed={item.addressed === false}
              disabled={busy}
              onClick={() => toggle(false)}
            >
              未修改
            </Button>
          </>
        ) : (
          <ToneTag bordered={false} tone={item.addressed === null ? 'grey' : item.addressed ? 'green' : 'red'}>
            {item.addressed === null ? '未核对' : item.addressed ? '已修改' : '未修改'}
          </ToneTag>
        )}
      </fieldset>
    </li>
  );
}

/**
 * Where an orphan's text may now be (可能的位置): never placed silently, the reviewer confirms one
 * (确认位置) or dismisses them (忽略), and the point stays listed as an orphan.
 */
function CarriedCandidates({
  item,
  name,
  busy,
  onPlace,
}: {
  item: CarriedAnnotationDto;
  name: string;
  busy: boolean;
  onPlace?: (annotationId: string, candidate: number | null) => void;
}) {
  return (
    <section className="rv-carried-candidates" aria-label={`${name}可能的位置`} data-testid="carried-candidates">
      <div className="rv-carried-candidates-head">
        <span>可能的位置</span>
        {onPlace && (
          <Button size="small" type="text" disabled={busy} onClick={() => onPlace(item.id, null)}>
            忽略
          </Button>
        )}
      </div>
      <ol className="rv-carried-candidate-list">
        {item.candidates.map((candidate, index) => (
          <li key={`${candidate.pageIndex}-${candidate.confidence}-${candidate.text}`} className="rv-carried-candidate">
            <span className="rv-muted">
              第 {candidate.pageIndex + 1} 页 · {candidateMatch(candidate)}
            </span>
            <blockquote className="rv-quote" title={candidate.text}>
              {candidate.text}
            </blockquote>
            {onPlace && (
              <Button
                size="small"
                loading={busy}
                aria-label={`确认${name}位于第 ${candidate.pageIndex + 1} 页的这处`}
                onClick={() => onPlace(item.id, index)}
              >
                确认位置
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
