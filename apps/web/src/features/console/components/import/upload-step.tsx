import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportMessage,
  type ImportPreview,
} from '@zikao/contract/student-import';
import { Alert, Button, Card, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../../shared/request/errors.ts';
import { importApi } from '../../api/import-api.ts';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

interface Sending {
  name: string;
  percent: number;
  error?: string;
}

/** Step 1: the templates, then a file dropped or chosen, uploaded with progress and checked by the server. */
export function UploadStep({ onPreviewed }: { onPreviewed(file: File, preview: ImportPreview): void }) {
  const [sending, setSending] = useState<Sending | null>(null);
  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    if (file.size > IMPORT_MAX_BYTES) {
      setSending({ name: file.name, percent: 0, error: ImportMessage.tooLarge });
      return;
    }
    abort.current = new AbortController();
    setSending({ name: file.name, percent: 0 });
    try {
      const preview = await importApi.preview(file, {
        signal: abort.current.signal,
        onProgress: (percent) => setSending((current) => (current ? { ...current, percent } : current)),
      });
      onPreviewed(file, preview);
    } catch (error) {
      if (isCancelled(error)) return;
      const message = error instanceof Error ? error.message : '上传失败';
      setSending((current) => (current ? { ...current, error: message } : current));
    }
  }

  async function download(format: 'xlsx' | 'csv') {
    setDownloading(format);
    try {
      await importApi.template(format);
    } catch {
      // the request client has shown the error
    } finally {
      setDownloading(null);
    }
  }

  const busy = Boolean(sending && !sending.error);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="1. 下载模板并填写">
        <Typography.Paragraph>
          表头依次为：
          {IMPORT_COLUMNS.map((column) => (
            <Typography.Text code key={column}>
              {column}
            </Typography.Text>
          ))}
          ，其中论文题目可不填。批次须与系统中已有批次名称完全一致；准考证号与手机号请设为文本格式，以免丢失开头的 0。
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
            下载 Excel 模板
          </Button>
          <Button icon={<DownloadOutlined />} loading={downloading === 'csv'} onClick={() => void download('csv')}>
            下载 CSV 模板
          </Button>
        </Space>
      </Card>
      <Card title="2. 上传文件">
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖入考生名单</p>
          <p className="ant-upload-hint">
            支持 .xlsx 与 .csv（UTF-8 或 GBK 编码），不超过 {IMPORT_MAX_BYTES / 1024 / 1024} MB、
            {IMPORT_MAX_ROWS.toLocaleString('en-US')} 行；上传后逐行校验，校验通过前不会导入任何数据
          </p>
        </Upload.Dragger>
        {sending && (
          <div className="imp-sending" aria-live="polite" data-testid="import-progress">
            <div className="imp-sending-name">{sending.name}</div>
            {sending.error ? (
              <Alert type="error" showIcon title="文件无法导入" description={sending.error} />
            ) : (
              <Progress
                percent={sending.percent}
                status="active"
                format={(percent) => (percent === 100 ? '正在解析校验…' : `上传 ${percent}%`)}
              />
            )}
          </div>
        )}
      </Card>
    </Space>
  );
}
