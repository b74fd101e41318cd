import {
  ArrowRightOutlined,
  BorderOutlined,
  CheckCircleFilled,
  CloudSyncOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  FileTextOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LineOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  RollbackOutlined,
  SelectOutlined,
  SignatureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { ANNOTATION_STAMPS, type AnnotationStamp } from '@zikao/contract/annotation';
import { Button, Dropdown, InputNumber, type MenuProps, Space, Tooltip } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { STAMP_COLOR, STAMP_LABEL } from './categories.ts';
import { DrawStylePicker } from './marks/draw-style-picker.tsx';
import { EllipseIcon, EraserIcon, InsertIcon } from './marks/tool-icons.tsx';
import { TOOL_KEYS, type WorkspaceTool } from './marks/tools.ts';
import type { SaveState } from './workspace-controller.ts';

interface ToolSpec {
  value: WorkspaceTool;
  label: string;
  title: string;
  icon: React.ReactNode;
  /** Only on PDF pages (not in structured-text mode). */
  pdf?: boolean;
}

const key = (tool: keyof typeof TOOL_KEYS) => TOOL_KEYS[tool];

/** The marks made on words. */
const TEXT_TOOLS: ToolSpec[] = [
  { value: 'select', label: '文字', title: '选择文字添加批注（V）', icon: <SelectOutlined /> },
  {
    value: 'underline',
    label: '下划线',
    title: `下划线（${key('underline')}）：选中文字`,
    icon: <UnderlineOutlined />,
  },
  {
    value: 'strikeout',
    label: '删除建议',
    title: `删除建议（${key('strikeout')}）：选中建议删去的文字`,
    icon: <StrikethroughOutlined />,
  },
  {
    value: 'replace',
    label: '修改建议',
    title: `修改建议（${key('replace')}）：选中文字，再写出改后的文字`,
    icon: <EditOutlined />,
  },
  {
    value: 'insert',
    label: '插入建议',
    title: `插入建议（${key('insert')}）：在两字之间点一下，再写出要插入的文字`,
    icon: <InsertIcon />,
  },
];

/** The marks drawn on the page, and the eraser. */
const DRAW_TOOLS: ToolSpec[] = [
  {
    value: 'pen',
    label: '画笔',
    title: `画笔（${key('pen')}）：随手画，Enter 或「完成」结束`,
    icon: <SignatureOutlined />,
    pdf: true,
  },
  {
    value: 'line',
    label: '直线',
    title: `直线（${key('line')}）：拖动画线，按住 Shift 取 45° 角`,
    icon: <LineOutlined />,
    pdf: true,
  },
  {
    value: 'arrow',
    label: '箭头',
    title: `箭头（${key('arrow')}）：从起点拖到箭头所指处`,
    icon: <ArrowRightOutlined style={{ transform: 'rotate(-45deg)' }} />,
    pdf: true,
  },
  {
    value: 'ellipse',
    label: '椭圆',
    title: `椭圆（${key('ellipse')}）：拖动圈出，按住 Shift 画圆`,
    icon: <EllipseIcon />,
    pdf: true,
  },
  {
    value: 'eraser',
    label: '橡皮擦',
    title: `橡皮擦（${key('eraser')}）：点或划过自己画的标记即可擦除`,
    icon: <EraserIcon />,
    pdf: true,
  },
];

const PAGE_TOOLS: ToolSpec[] = [
  { value: 'area', label: '区域', title: '框选区域（A）：图表、公式、扫描页', icon: <BorderOutlined />, pdf: true },
  { value: 'note', label: '页面批注', title: '在页面上添加批注（N）', icon: <FileTextOutlined />, pdf: true },
];

const ALL_TOOLS = [...TEXT_TOOLS, ...PAGE_TOOLS, ...DRAW_TOOLS];

/** Below this toolbar width the tools fold into one menu (phones, narrow panes). */
const COMPACT_WIDTH = 760;
/** From this width the text and page tools show their names; below it, icons with tooltips, in one row. */
const LABELS_WIDTH = 1240;

export interface ToolbarProps {
  pdfMode: boolean;
  editable: boolean;
  tool: WorkspaceTool;
  stamp: AnnotationStamp;
  /** The drawing tools' colour and width (PDF points). */
  drawColor: string;
  drawWidth: number;
  onDrawStyle(style: { color?: string; width?: number }): void;
  /** Strokes of a pen mark not yet finished; 完成 opens its form. */
  penStrokes: number;
  onPenDone(): void;
  onPenCancel(): void;
  zoom: number;
  page: number;
  pageCount: number;
  saveState: SaveState;
  pendingCount: number;
  canUndo: boolean;
  thumbnailsOpen: boolean;
  onTool(tool: WorkspaceTool, stamp?: AnnotationStamp): void;
  onZoom(direction: 1 | -1 | 0): void;
  onPage(page: number): void;
  onUndo(): void;
  onThumbnails(): void;
  onHelp(): void;
  /** 专注模式 (F): only the page and the annotation list. */
  focusMode: boolean;
  onFocusMode(): void;
  /** 下载 (批注版 PDF, JSON-LD); left out where the API serves no exports. */
  onExport?(kind: 'pdf' | 'jsonld'): void;
}

export function WorkspaceToolbar(props: ToolbarProps) {
  const { tool, editable, pdfMode } = props;
  const [pageInput, setPageInput] = useState<number | null>(props.page + 1);
  useEffect(() => setPageInput(props.page + 1), [props.page]);
  const rootRef = useRef<HTMLDivElement>(null);
  const [compact, setCompact] = useState(false);
  const [labels, setLabels] = useState(true);
  useLayoutEffect(() => {
    const element = rootRef.current;
    if (!element) return;
    const measure = () => {
      setCompact(element.clientWidth < COMPACT_WIDTH);
      setLabels(element.clientWidth >= LABELS_WIDTH);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const available = (spec: ToolSpec) => pdfMode || !spec.pdf;

  const toolButton = (spec: ToolSpec, withLabel: boolean) => (
    <Tooltip key={spec.value} title={spec.title}>
      <Button
        type={tool === spec.value ? 'primary' : 'text'}
        icon={spec.icon}
        aria-pressed={tool === spec.value}
        aria-label={withLabel ? undefined : spec.label}
        onClick={() => props.onTool(spec.value)}
      >
        {withLabel ? spec.label : null}
      </Button>
    </Tooltip>
  );

  const stampMenu: MenuProps['items'] = ANNOTATION_STAMPS.map((stamp) => ({
    key: `stamp:${stamp}`,
    label: (
      <span>
        <b style={{ color: STAMP_COLOR[stamp], marginRight: 8 }}>{stamp}</b>
        {STAMP_LABEL[stamp]}
      </span>
    ),
  }));
  const current = ALL_TOOLS.find((spec) => spec.value === tool);
  // Phones and narrow panes: one menu of every tool, grouped, beside the tool in hand.
  const toolMenu: MenuProps = {
    selectedKeys: tool === 'stamp' ? [`stamp:${props.stamp}`] : [tool],
    items: [
      {
        type: 'group',
        key: 'text',
        label: '文字标记',
        children: TEXT_TOOLS.filter(available).map((spec) => ({ key: spec.value, icon: spec.icon, label: spec.label })),
      },
      ...(pdfMode
        ? [
            {
              type: 'group' as const,
              key: 'page',
              label: '页面',
              children: [
                ...PAGE_TOOLS.map((spec) => ({ key: spec.value, icon: spec.icon, label: spec.label })),
                { key: 'stamp', label: '印章', children: stampMenu },
              ],
            },
            {
              type: 'group' as const,
              key: 'draw',
              label: '绘制',
              children: DRAW_TOOLS.map((spec) => ({ key: spec.value, icon: spec.icon, label: spec.label })),
            },
          ]
        : []),
    ],
    onClick: ({ key: picked }) => {
      if (picked.startsWith('stamp:')) props.onTool('stamp', picked.slice(6) as AnnotationStamp);
      else props.onTool(picked as WorkspaceTool);
    },
  };
  const drawing = tool === 'pen' || tool === 'line' || tool === 'arrow' || tool === 'ellipse';
  const stylePicker = pdfMode && (
    <DrawStylePicker
      color={props.drawColor}
      width={props.drawWidth}
      onChange={props.onDrawStyle}
      highlighted={drawing}
    />
  );
  const undoButton = (
    <Tooltip title="撤销（Ctrl+Z）">
      <Button
        type="text"
        icon={<RollbackOutlined />}
        disabled={!props.canUndo}
        onClick={props.onUndo}
        aria-label="撤销"
      />
    </Tooltip>
  );
  const penBar = props.penStrokes > 0 && (
    <span className="aw-pen-bar" data-testid="pen-bar">
      已画 {props.penStrokes} 笔
      <Button size="small" type="primary" onClick={props.onPenDone}>
        完成
      </Button>
      <Button size="small" onClick={props.onPenCancel}>
        放弃
      </Button>
    </span>
  );

  return (
    <div
      ref={rootRef}
      className={`aw-toolbar${labels ? '' : ' aw-toolbar-dense'}`}
      role="toolbar"
      aria-label="批注工具栏"
    >
      <Space size={4} wrap>
        {pdfMode && (
          <Tooltip title={props.thumbnailsOpen ? '收起缩略图' : '展开缩略图'}>
            <Button
              type="text"
              icon={props.thumbnailsOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              aria-label={props.thumbnailsOpen ? '收起缩略图' : '展开缩略图'}
              onClick={props.onThumbnails}
            />
          </Tooltip>
        )}
        {editable && compact && (
          <>
            <Dropdown trigger={['click']} menu={toolMenu}>
              <Button
                type="primary"
                icon={tool === 'stamp' ? undefined : current?.icon}
                aria-label={`工具：${current?.label ?? '印章'}，更多工具`}
              >
                {tool === 'stamp' ? `${props.stamp} 印章` : current?.label} <DownOutlined />
              </Button>
            </Dropdown>
            {stylePicker}
            {penBar}
            {undoButton}
          </>
        )}
        {editable && !compact && (
          <>
            <fieldset className="aw-tool-group">
              <legend className="aw-sr-only">文字标记</legend>
              {TEXT_TOOLS.map((spec) => toolButton(spec, labels && spec.value === 'select'))}
            </fieldset>
            {pdfMode && (
              <fieldset className="aw-tool-group">
                <legend className="aw-sr-only">页面批注</legend>
                {PAGE_TOOLS.map((spec) => toolButton(spec, labels))}
                <Dropdown
                  trigger={['click']}
                  menu={{
                    selectedKeys: tool === 'stamp' ? [`stamp:${props.stamp}`] : [],
                    items: stampMenu,
                    onClick: ({ key: picked }) => props.onTool('stamp', picked.slice(6) as AnnotationStamp),
                  }}
                >
                  <Button
                    type={tool === 'stamp' ? 'primary' : 'text'}
                    aria-pressed={tool === 'stamp'}
                    aria-label="印章（S）"
                    className="aw-stamp-button"
                  >
                    <b style={{ color: tool === 'stamp' ? undefined : STAMP_COLOR[props.stamp] }}>{props.stamp}</b>
                    {labels ? ' 印章' : null}
                  </Button>
                </Dropdown>
              </fieldset>
            )}
            {pdfMode && (
              <fieldset className="aw-tool-group">
                <legend className="aw-sr-only">绘制</legend>
                {DRAW_TOOLS.map((spec) => toolButton(spec, false))}
                {stylePicker}
              </fieldset>
            )}
            {penBar}
            {undoButton}
          </>
        )}
      </Space>
      {pdfMode && (
        <Space size={4} className="aw-toolbar-center">
          <Tooltip title="缩小（Ctrl+−）">
            <Button type="text" icon={<ZoomOutOutlined />} aria-label="缩小" onClick={() => props.onZoom(-1)} />
          </Tooltip>
          <Button
            type="text"
            onClick={() => props.onZoom(0)}
            aria-label={`${Math.round(props.zoom * 100)}%，点击适合宽度`}
            className="aw-zoom"
          >
            {Math.round(props.zoom * 100)}%
          </Button>
          <Tooltip title="放大（Ctrl+=）">
            <Button type="text" icon={<ZoomInOutlined />} aria-label="放大" onClick={() => props.onZoom(1)} />
          </Tooltip>
          <InputNumber
            size="small"
            min={1}
            max={props.pageCount}
            value={pageInput}
            aria-label="页码"
            style={{ width: 52 }}
            controls={false}
            onChange={(value) => setPageInput(value)}
            onPressEnter={() => pageInput && props.onPage(pageInput - 1)}
            onBlur={() => pageInput && pageInput - 1 !== props.page && props.onPage(pageInput - 1)}
          />
          <span className="aw-muted">/ {props.pageCount}</span>
        </Space>
      )}
      <Space size={4}>
        {/* A reader has nothing to save, except replies on their way. */}
        {(editable || props.saveState !== 'saved') && (
          <SaveIndicator state={props.saveState} pending={props.pendingCount} />
        )}
        {pdfMode && props.onExport && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'pdf', label: '批注版 PDF' },
                { key: 'jsonld', label: 'W3C JSON-LD' },
              ],
              onClick: ({ key }) => props.onExport?.(key as 'pdf' | 'jsonld'),
            }}
          >
            <Button icon={<DownloadOutlined />} aria-label={labels ? undefined : '下载'}>
              {labels ? '下载' : null}
            </Button>
          </Dropdown>
        )}
        <Tooltip title={props.focusMode ? '退出专注模式（F 或 Esc）' : '专注模式：只留论文和批注栏（F）'}>
          <Button
            type={props.focusMode ? 'primary' : 'text'}
            icon={props.focusMode ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={props.focusMode ? '退出专注模式' : '专注模式'}
            aria-pressed={props.focusMode}
            onClick={props.onFocusMode}
            data-testid="focus-mode"
          />
        </Tooltip>
        <Tooltip title="快捷键（?）">
          <Button type="text" icon={<QuestionCircleOutlined />} aria-label="快捷键" onClick={props.onHelp} />
        </Tooltip>
      </Space>
    </div>
  );
}

/** 已保存 / 保存中 / 离线，N 条待同步: always visible, announced politely. */
export function SaveIndicator({ state, pending }: { state: SaveState; pending: number }) {
  const text =
    state === 'saved' ? '已保存' : state === 'saving' ? `保存中…（${pending}）` : `离线，${pending} 条待同步`;
  const icon =
    state === 'saved' ? (
      <CheckCircleFilled />
    ) : state === 'saving' ? (
      <CloudSyncOutlined spin />
    ) : (
      <DisconnectOutlined />
    );
  return (
    <output className={`aw-save aw-save-${state}`} aria-live="polite" data-testid="save-state">
      {icon} {text}
    </output>
  );
}
