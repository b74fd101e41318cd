import { DeleteOutlined, InboxOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { DocumentSummary } from '@zikao/contract/document';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { isCancelled } from '../../../../shared/request/errors.ts';
import {
  ATTACHMENT_FILE_ACCEPT,
  THESIS_FILE_ACCEPT,
  THESIS_FILE_MAX_MB,
  thesisFileTooLarge,
} from '../../../../shared/upload/thesis-file.ts';
import type { UploadAndConvert } from '../../../../shared/upload/use-upload-and-convert.ts';
import { studentApi } from '../../api/student-api.ts';
import { isWordFile, refusedAsNotPdf } from './word-check.ts';

const PDF_ACCEPT = '.pdf,application/pdf';

export interface UploadedFile {
  uploadId: string;
  name: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '上传失败，请重试');

/** What the conversion says: 转换中… while the server prepares it, then 已完成 or 失败 with the reason. */
function ConversionStatus(props: {
  conversion: Pick<DocumentSummary, 'status' | 'progress' | 'error'>;
  /** A Word file: its conversion is said as such, and a failure points to the PDF path. */
  word: boolean;
}) {
  const { conversion, word } = props;
  if (conversion.status === 'failed') {
    const next = word ? '请在 Word 中另存为 PDF 后改为上传 PDF，或重新上传' : '请重新上传';
    return <Alert type="error" showIcon title={`转换失败：${conversion.error || '文件无法处理'}。${next}`} />;
  }
  const done = conversion.status === 'ready';
  return (
    <Progress
      aria-label="转换进度"
      className={done ? 'student-conversion-done' : undefined}
      percent={done ? 100 : Math.max(5, conversion.progress)}
      size="small"
      status={done ? 'success' : 'active'}
      format={() =>
        done ? '已完成' : conversion.status === 'queued' ? '排队中…' : word ? '正在转换为 PDF…' : '处理中…'
      }
    />
  );
}

/** Until the first status answer, the document is queued. */
const QUEUED = { status: 'queued', progress: 0, error: '' } as const;

/**
 * The thesis file: drag and drop (or click), an upload progress bar, then the server's conversion
 * to the review PDF, polled until it is ready or has failed. The upload lives in the caller
 * (`useUploadAndConvert`), which submits its document.
 */
export function DocumentUpload(props: {
  upload: UploadAndConvert;
  disabled?: boolean;
  /** The candidate chose to upload their own PDF export instead of a Word file's conversion (issue 23). */
  pdfOnly?: boolean;
}) {
  const { upload, disabled, pdfOnly } = props;
  // A file refused before sending; the upload shown below it stays.
  const [refused, setRefused] = useState<string | null>(null);

  function send(file: File) {
    const large = thesisFileTooLarge(file) ?? (pdfOnly ? refusedAsNotPdf(file) : null);
    setRefused(large);
    if (!large) upload.start(file);
  }

  const error = refused ?? upload.error;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload.Dragger
        accept={pdfOnly ? PDF_ACCEPT : THESIS_FILE_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled || upload.uploading}
        beforeUpload={(file) => {
          send(file);
          return false;
        }}
      >
        {/* With a file in, the drop zone shrinks: what the candidate checks now is its PDF below. */}
        {upload.documentId === null && (
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
        )}
        <p className="ant-upload-text">
          {pdfOnly
            ? '点击或将 PDF 文件拖到此处上传'
            : upload.documentId === null
              ? '点击或将论文文件拖到此处上传'
              : '点击或将文件拖到此处，换一个文件上传'}
        </p>
        <p className="ant-upload-hint">
          {pdfOnly
            ? `请上传在 Word 中“另存为 PDF”得到的文件，不超过 ${THESIS_FILE_MAX_MB} MB`
            : `支持 PDF、DOC、DOCX，不超过 ${THESIS_FILE_MAX_MB} MB；Word 文件会自动转换为 PDF，提交前请核对`}
        </p>
      </Upload.Dragger>
      <div aria-live="polite" data-testid="document-upload">
        {upload.uploading && (
          <div>
            <Typography.Text>{upload.name}</Typography.Text>
            <Progress
              aria-label="上传进度"
              percent={upload.percent}
              size="small"
              status="active"
              format={(p) => `上传 ${p}%`}
            />
          </div>
        )}
        {upload.documentId !== null && (
          <div>
            <Typography.Text>
              <PaperClipOutlined /> {upload.name}
            </Typography.Text>
            <ConversionStatus
              conversion={upload.conversion ?? QUEUED}
              word={isWordFile(upload.name, upload.conversion)}
            />
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
    const large = thesisFileTooLarge(file);
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
        accept={kind === 'attachment' ? ATTACHMENT_FILE_ACCEPT : THESIS_FILE_ACCEPT}
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
