import { DeleteOutlined, InboxOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { DocumentStatus } from '@zikao/contract/document';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../../shared/request/errors.ts';
import { studentApi } from '../../api/student-api.ts';

export const ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MAX_MB = 50;

export interface UploadedDocument {
  documentId: number;
  name: string;
  status: DocumentStatus;
  progress: number;
  error: string;
}

export interface UploadedFile {
  uploadId: string;
  name: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '上传失败，请重试');

function tooLarge(file: File): string | null {
  return file.size > MAX_MB * 1024 * 1024 ? `文件超过 ${MAX_MB} MB` : null;
}

/** What the conversion says: 转换中… while the server prepares it, then 已完成 or 失败 with the reason. */
function ConversionStatus({ document }: { document: UploadedDocument }) {
  if (document.status === 'failed') {
    return <Alert type="error" showIcon title={`转换失败：${document.error || '文件无法处理'}，请重新上传`} />;
  }
  const done = document.status === 'ready';
  return (
    <Progress
      aria-label="转换进度"
      percent={done ? 100 : Math.max(5, document.progress)}
      size="small"
      status={done ? 'success' : 'active'}
      format={() => (done ? '已完成' : document.status === 'queued' ? '排队中…' : '转换中…')}
    />
  );
}

/**
 * The thesis file: drag and drop (or click), an upload progress bar, then the server's conversion
 * to the review PDF, polled until it is ready or has failed.
 */
export function DocumentUpload(props: {
  value: UploadedDocument | null;
  onChange(value: UploadedDocument | null): void;
  disabled?: boolean;
}) {
  const { value, onChange, disabled } = props;
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  const documentId = value?.documentId;
  const settled = value?.status === 'ready' || value?.status === 'failed';
  useEffect(() => {
    if (!documentId || settled) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const status = await studentApi.documentStatus(documentId);
        if (cancelled) return;
        latest.current({
          documentId,
          name: status.name,
          status: status.status,
          progress: status.progress,
          error: status.error,
        });
        if (status.status === 'ready' || status.status === 'failed') return;
      } catch {
        // A missed status call is not a failed conversion: ask again.
      }
      if (!cancelled) timer = setTimeout(poll, 800);
    };
    timer = setTimeout(poll, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [documentId, settled]);

  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    const large = tooLarge(file);
    if (large) {
      setError(large);
      return;
    }
    setError(null);
    onChange(null);
    abort.current = new AbortController();
    setSending({ name: file.name, percent: 0 });
    try {
      const result = await studentApi.upload(
        file,
        'document',
        (percent) => setSending((current) => (current ? { ...current, percent } : current)),
        abort.current.signal,
      );
      onChange({
        documentId: result.documentId as number,
        name: result.name,
        status: 'queued',
        progress: 0,
        error: '',
      });
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorText(failure));
    } finally {
      setSending(null);
    }
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled || sending !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将论文文件拖到此处上传</p>
        <p className="ant-upload-hint">支持 PDF、DOC、DOCX，不超过 {MAX_MB} MB；Word 文件会自动转换为 PDF</p>
      </Upload.Dragger>
      <div aria-live="polite" data-testid="document-upload">
        {sending && (
          <div>
            <Typography.Text>{sending.name}</Typography.Text>
            <Progress
              aria-label="上传进度"
              percent={sending.percent}
              size="small"
              status="active"
              format={(p) => `上传 ${p}%`}
            />
          </div>
        )}
        {value && !sending && (
          <div>
            <Typography.Text>
              <PaperClipOutlined /> {value.name}
            </Typography.Text>
            <ConversionStatus document={value} />
          </div>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </Space>
  );
}

/** Attachments or the plagiarism report: uploaded one by one, listed with a remove button. */
export function FileUpload(props: {
  kind: 'attachment' | 'report';
  label: string;
  value: UploadedFile[];
  onChange(value: UploadedFile[]): void;
  max: number;
  disabled?: boolean;
}) {
  const { kind, label, value, onChange, max, disabled } = props;
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(value);
  current.current = value;

  async function send(file: File) {
    const large = tooLarge(file);
    if (large) {
      setError(large);
      return;
    }
    setError(null);
    setSending({ name: file.name, percent: 0 });
    try {
      const result = await studentApi.upload(file, kind, (percent) => setSending((s) => (s ? { ...s, percent } : s)));
      onChange([...current.current, { uploadId: result.fileId, name: result.name }].slice(-max));
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorText(failure));
    } finally {
      setSending(null);
    }
  }

  return (
    <div>
      <Upload
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled || sending !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || sending !== null}>
          {label}
        </Button>
      </Upload>
      <ul className="student-files" aria-label={`${label}列表`}>
        {value.map((file) => (
          <li key={file.uploadId}>
            <PaperClipOutlined /> <span>{file.name}</span>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`移除 ${file.name}`}
              disabled={disabled}
              onClick={() => onChange(value.filter((f) => f.uploadId !== file.uploadId))}
            />
          </li>
        ))}
      </ul>
      {sending && (
        <Progress aria-label={`${label}上传进度`} percent={sending.percent} size="small" format={(p) => `上传 ${p}%`} />
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </div>
  );
}
