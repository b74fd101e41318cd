import { FilePdfOutlined } from '@ant-design/icons';
import { ErrorCode } from '@zikao/contract/errors';
import type { StudentStage } from '@zikao/contract/student';
import { Alert, Button, Form, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { ApiError } from '../../../../shared/request/errors.ts';
import { useUploadAndConvert } from '../../../../shared/upload/use-upload-and-convert.ts';
import { studentApi } from '../../api/student-api.ts';
import { DocumentUpload, FileUpload, type UploadedFile } from './document-upload.tsx';
import { documentBlocker, documentStep } from './word-check.ts';
import { WordPdfCheck } from './word-pdf-check.tsx';

const REPORT_STAGES = ['final', 'retest'];

/** Submit (or resubmit after 退回修改) one stage: the file, attachments, and on the final the plagiarism rate and report. */
export function SubmitPanel(props: {
  thesisId: number;
  stage: StudentStage;
  threshold: number;
  onSubmitted(): void;
  /**
   * The server refused the submit because the stage moved on (1080001): another tab or device
   * submitted first, or the window or the uploads ran out. The caller refreshes the stage and says so.
   */
  onConflict(reason: string): Promise<void>;
}) {
  const { thesisId, stage, threshold, onSubmitted, onConflict } = props;
  const [modal, modalHolder] = useDialogs();
  const document = useUploadAndConvert({
    upload: (file, onProgress, signal) => studentApi.upload(file, 'document', onProgress, signal),
    status: studentApi.documentStatus,
  });
  const [attachments, setAttachments] = useState<UploadedFile[]>([]);
  const [report, setReport] = useState<UploadedFile[]>([]);
  const [rate, setRate] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The candidate chose their own PDF export over a Word file's conversion (issue 23 §4).
  const [pdfOnly, setPdfOnly] = useState(false);
  const step = documentStep(document);
  const needsReport = REPORT_STAGES.includes(stage.stage);
  const verb = stage.action === 'resubmit' ? '重新提交' : '提交';

  const missing =
    documentBlocker(step) ??
    (needsReport && rate === null ? '请填写查重率' : needsReport && report.length === 0 ? '请上传查重报告' : null);

  const usePdf = () => {
    document.reset();
    setPdfOnly(true);
  };

  const send = async () => {
    if (document.documentId === null) return;
    setBusy(true);
    setError(null);
    try {
      const result = await studentApi.submit({
        thesisId,
        stage: stage.stage,
        documentId: document.documentId,
        attachments: attachments.map((a) => ({ uploadId: a.uploadId })),
        ...(needsReport
          ? { plagiarismRate: rate, plagiarismReport: { uploadId: (report[0] as UploadedFile).uploadId } }
          : {}),
      });
      toast(`${stage.label}已${verb}（第 ${result.versionNo} 版），请等待评阅`, 'success');
      document.reset();
      setPdfOnly(false);
      setAttachments([]);
      setReport([]);
      setRate(null);
      onSubmitted();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === ErrorCode.conflict) {
        await onConflict(failure.message);
        return;
      }
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : `${verb}失败`);
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: `确认${verb}${stage.label}？`,
      content: `${
        step.step === 'check' ? `评阅教师将看到您刚才核对的 PDF（共 ${step.pageCount} 页）。` : ''
      }提交后将用去 1 次上传机会（剩余 ${stage.uploadsLeft} 次），评阅完成前不能修改。`,
      okText: `确认${verb}`,
      cancelText: '取消',
      onOk: send,
    });

  return (
    <section className="student-submit" aria-label={`${verb}${stage.label}`}>
      {modalHolder}
      <Typography.Title level={3} className="student-submit-title">
        {verb}
        {stage.label}
      </Typography.Title>
      <Form layout="vertical" component="div">
        <Form.Item label="论文文件" required>
          <DocumentUpload upload={document} disabled={busy} pdfOnly={pdfOnly} />
          {pdfOnly && document.documentId === null && !document.uploading && (
            <Button type="link" className="word-check-back" onClick={() => setPdfOnly(false)}>
              改回上传 Word 文档
            </Button>
          )}
          {step.step === 'check' && (
            <WordPdfCheck documentId={step.documentId} pageCount={step.pageCount} onUsePdf={usePdf} disabled={busy} />
          )}
          {step.step === 'failed' && step.word && (
            <Button icon={<FilePdfOutlined />} onClick={usePdf} disabled={busy} style={{ marginTop: 8 }}>
              改为上传 PDF
            </Button>
          )}
        </Form.Item>
        <Form.Item
          label="附件（可选，最多 10 个）"
          extra="可上传问卷、数据与图表：PDF、Word、Excel（.xlsx）、CSV、图片或 ZIP 压缩包，单个不超过 50 MB"
        >
          <FileUpload
            kind="attachment"
            label="上传附件"
            value={attachments}
            onChange={setAttachments}
            max={10}
            disabled={busy}
          />
        </Form.Item>
        {needsReport && (
          <Space align="start" wrap size={24}>
            <Form.Item
              label="查重率"
              htmlFor={`rate-${stage.stage}`}
              required
              extra={`批次阈值 ${threshold}%`}
              validateStatus={rate !== null && rate > threshold ? 'warning' : ''}
              help={
                rate !== null && rate > threshold ? `查重率超过批次阈值 ${threshold}%，可能影响评阅结论` : undefined
              }
            >
              <InputNumber
                id={`rate-${stage.stage}`}
                min={0}
                max={100}
                step={0.1}
                precision={1}
                suffix="%"
                value={rate}
                onChange={(value) => setRate(typeof value === 'number' ? value : null)}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item label="查重报告" required>
              <FileUpload
                kind="report"
                label="上传查重报告"
                value={report}
                onChange={setReport}
                max={1}
                disabled={busy}
              />
            </Form.Item>
          </Space>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Space>
        <Button type="primary" onClick={confirm} disabled={missing !== null} loading={busy}>
          {step.step === 'check' ? `确认无误，${verb}` : `${verb}${stage.label}`}
        </Button>
        {missing && <Typography.Text type="secondary">{missing}</Typography.Text>}
      </Space>
    </section>
  );
}
