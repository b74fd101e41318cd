import { DownloadOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons';
import type { BoardContext, HandInDto } from '@zikao/contract/course';
import { Alert, Button, Empty, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../../shared/utils/date.ts';
import type { BoardApi } from '../../api/board-api.ts';
import { fileRefusal, fileSizeText } from '../course-format.ts';
import { useUploadQueue } from '../use-upload-queue.ts';

interface HandInPanelProps {
  presenter: boolean;
  api: BoardApi;
  clientId: string;
  name: string;
  limits: BoardContext['handIn'];
  handIns: HandInDto[];
  /** A file went up: shown at once, before the socket's word about it. */
  onSent(item: HandInDto): void;
}

/** 学员上传: viewers hand in photos and files with progress; the presenter sees every hand-in as it arrives. */
export function HandInPanel({ presenter, api, clientId, name, limits, handIns, onSent }: HandInPanelProps) {
  const [refused, setRefused] = useState<string | null>(null);
  /** The viewer's latest hand-in: confirmed above the list, and brought into view. */
  const [sent, setSent] = useState<HandInDto | null>(null);
  const uploads = useUploadQueue(
    (file, onProgress, signal) => api.uploadHandIn(clientId, name, file, onProgress, signal),
    (item) => {
      setSent(item);
      onSent(item);
    },
  );
  const sorted = [...handIns].sort((a, b) => b.createdAt - a.createdAt);
  const full = !presenter && handIns.length + uploads.items.length >= limits.maxFiles;
  // Once something is handed in, the drop zone gives the room to what was sent.
  const compact = handIns.length > 0 || uploads.items.length > 0;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!sent) return;
    const item = list.current?.querySelector(`[data-hand-in-id="${sent.id}"]`);
    item?.scrollIntoView({ block: 'nearest' });
  }, [sent]);

  return (
    <section className="bd-panel" aria-label="学员上传">
      {!presenter && (
        <>
          <Upload.Dragger
            className={`bd-drop${compact ? ' is-compact' : ''}`}
            accept={limits.accept}
            multiple
            showUploadList={false}
            disabled={full}
            beforeUpload={(file) => {
              const reason = fileRefusal(file, limits.accept, limits.maxBytes);
              setRefused(reason ? `${file.name}：${reason}` : null);
              if (!reason) uploads.add(file);
              return false;
            }}
          >
            {compact ? (
              <p className="bd-drop-line">
                <InboxOutlined aria-hidden />
                <span>继续上传：点击拍照或选择文件</span>
              </p>
            ) : (
              <>
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击拍照或选择文件上传给老师</p>
              </>
            )}
            <p className="ant-upload-hint">
              支持图片、PDF、Office 文档和压缩包，单个不超过 {Math.round(limits.maxBytes / 1024 / 1024)} MB，每人最多{' '}
              {limits.maxFiles} 个
            </p>
          </Upload.Dragger>
          {sent && (
            <Alert
              className="bd-gap"
              type="success"
              showIcon
              closable
              role="status"
              data-testid="hand-in-sent"
              title={`已上传给老师：${sent.name}`}
              description="老师已能看到这个文件，可在下方“我上传的文件”中查看。"
              onClose={() => setSent(null)}
            />
          )}
          {full && <Alert className="bd-gap" type="info" showIcon title={`每人最多上传 ${limits.maxFiles} 个文件`} />}
          {refused && (
            <Alert className="bd-gap" type="error" showIcon closable title={refused} onClose={() => setRefused(null)} />
          )}
          {uploads.items.length > 0 && (
            <ul className="bd-uploads" aria-label="正在上传" aria-live="polite">
              {uploads.items.map((item) => (
                <li key={item.key} data-testid="hand-in-upload">
                  <div className="bd-upload-head">
                    <span className="bd-handin-name">{item.name}</span>
                    <Button size="small" type="link" onClick={() => uploads.remove(item.key)}>
                      {item.state === 'uploading' ? '取消' : '关闭'}
                    </Button>
                  </div>
                  {item.state === 'failed' ? (
                    <Typography.Text type="danger">{item.error}</Typography.Text>
                  ) : (
                    <Progress size="small" percent={item.percent} aria-label={`${item.name} 上传进度`} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h2 className="bd-panel-title">
        {presenter ? `学员上传（${handIns.length}）` : `我上传的文件（${handIns.length}）`}
      </h2>
      {sorted.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={presenter ? '还没有学员上传文件。学员上传的照片和文件会实时出现在这里。' : '你还没有上传文件'}
        />
      ) : (
        <ul className="bd-handins" data-testid="hand-in-list" ref={list}>
          {sorted.map((item) => {
            const view = api.handInUrl(item.id, clientId);
            return (
              <li
                key={item.id}
                className={`bd-handin${sent?.id === item.id ? ' is-new' : ''}`}
                data-testid="hand-in"
                data-hand-in-id={item.id}
              >
                <a className="bd-handin-preview" href={view} target="_blank" rel="noopener noreferrer">
                  {item.isImage ? (
                    <img src={view} alt={`${item.uploaderName}上传的图片：${item.name}`} loading="lazy" />
                  ) : (
                    <>
                      <FileOutlined aria-hidden />
                      <span className="bd-visually-hidden">打开 {item.name}</span>
                    </>
                  )}
                </a>
                <div className="bd-handin-body">
                  <span className="bd-handin-name" title={item.name}>
                    {item.name}
                  </span>
                  <div className="bd-handin-meta">
                    {presenter && <span>{item.uploaderName || '访客'} · </span>}
                    {formatDate(item.createdAt, 'HH:mm:ss')} · {fileSizeText(item.size)}
                  </div>
                  <Button
                    type="link"
                    size="small"
                    className="bd-handin-download"
                    icon={<DownloadOutlined />}
                    href={api.handInUrl(item.id, clientId, true)}
                    aria-label={`下载：${item.name}`}
                  >
                    下载
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
