import {
  BorderOutlined,
  CheckCircleFilled,
  CloudSyncOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  FileTextOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  RollbackOutlined,
  SelectOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { ANNOTATION_STAMPS, type AnnotationStamp } from '@zikao/contract/annotation';
import { Button, Dropdown, InputNumber, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { STAMP_COLOR, STAMP_LABEL } from './categories.ts';
import type { Tool } from './page-overlay.tsx';
import type { SaveState } from './workspace-controller.ts';

export interface ToolbarProps {
  pdfMode: boolean;
  editable: boolean;
  tool: Tool;
  stamp: AnnotationStamp;
  zoom: number;
  page: number;
  pageCount: number;
  saveState: SaveState;
  pendingCount: number;
  canUndo: boolean;
  thumbnailsOpen: boolean;
  onTool(tool: Tool, stamp?: AnnotationStamp): void;
  onZoom(direction: 1 | -1 | 0): void;
  onPage(page: number): void;
  onUndo(): void;
  onThumbnails(): void;
  onHelp(): void;
  /** 下载 (批注版 PDF, JSON-LD); left out where the API serves no exports. */
  onExport?(kind: 'pdf' | 'jsonld'): void;
}

export function WorkspaceToolbar(props: ToolbarProps) {
  const { tool, editable, pdfMode } = props;
  const [pageInput, setPageInput] = useState<number | null>(props.page + 1);
  useEffect(() => setPageInput(props.page + 1), [props.page]);

  const toolButton = (value: Tool, title: string, icon: React.ReactNode, label: string) => (
    <Tooltip title={title}>
      <Button
        type={tool === value ? 'primary' : 'text'}
        icon={icon}
        aria-pressed={tool === value}
        onClick={() => props.onTool(value)}
      >
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <div className="aw-toolbar" role="toolbar" aria-label="批注工具栏">
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
        {editable && (
          <>
            {toolButton('select', '选择文字添加批注（V）', <SelectOutlined />, '文字')}
            {pdfMode && toolButton('area', '框选区域（A）：图表、公式、扫描页', <BorderOutlined />, '区域')}
            {pdfMode && toolButton('note', '在页面上添加批注（N）', <FileTextOutlined />, '页面批注')}
            {pdfMode && (
              <Dropdown
                trigger={['click']}
                menu={{
                  selectedKeys: tool === 'stamp' ? [props.stamp] : [],
                  items: ANNOTATION_STAMPS.map((stamp) => ({
                    key: stamp,
                    label: (
                      <span>
                        <b style={{ color: STAMP_COLOR[stamp], marginRight: 8 }}>{stamp}</b>
                        {STAMP_LABEL[stamp]}
                      </span>
                    ),
                  })),
                  onClick: ({ key }) => props.onTool('stamp', key as AnnotationStamp),
                }}
              >
                <Button
                  type={tool === 'stamp' ? 'primary' : 'text'}
                  aria-pressed={tool === 'stamp'}
                  aria-label="印章（S）"
                >
                  <b style={{ color: tool === 'stamp' ? undefined : STAMP_COLOR[props.stamp] }}>{props.stamp}</b> 印章
                </Button>
              </Dropdown>
            )}
            <Tooltip title="撤销（Ctrl+Z）">
              <Button
                type="text"
                icon={<RollbackOutlined />}
                disabled={!props.canUndo}
                onClick={props.onUndo}
                aria-label="撤销"
              />
            </Tooltip>
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
            style={{ width: 64 }}
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
            <Button icon={<DownloadOutlined />}>下载</Button>
          </Dropdown>
        )}
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
