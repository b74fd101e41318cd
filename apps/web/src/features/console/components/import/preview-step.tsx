import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportPreviewRow, ImportResult } from '@zikao/contract/student-import';
import {
  Alert,
  Button,
  Card,
  Input,
  Progress,
  Space,
  Statistic,
  Switch,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { useMemo, useState } from 'react';
import { useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { importApi } from '../../api/import-api.ts';

const columns: TableColumnsType<ImportPreviewRow> = [
  { title: '行号', dataIndex: 'rowNo', width: 72, fixed: 'left', sorter: (a, b) => a.rowNo - b.rowNo },
  { title: '姓名', dataIndex: 'name', width: 90, ellipsis: true },
  { title: '准考证号', dataIndex: 'examNumber', width: 130 },
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '专业', dataIndex: 'majorName', width: 110, ellipsis: true },
  { title: '主考院校', dataIndex: 'schoolName', width: 130, ellipsis: true },
  { title: '批次', dataIndex: 'batchName', width: 120, ellipsis: true },
  { title: '论文题目', dataIndex: 'title', width: 200, ellipsis: true, render: (title: string) => title || '—' },
  {
    title: '校验结果',
    dataIndex: 'errors',
    width: 280,
    fixed: 'right',
    sorter: (a, b) => a.errors.length - b.errors.length,
    render: (errors: string[], row) =>
      errors.length > 0 ? (
        <ul className="imp-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : (
        <span className="imp-ok">
          <CheckCircleFilled aria-hidden /> 通过
          {row.existingStudent && <span className="imp-existing">（已有考生，加入该批次）</span>}
        </span>
      ),
  },
];

/** Step 2: every row with its problems; import all (only when all are valid) or only the valid rows. */
export function PreviewStep({
  file,
  preview,
  onImported,
  onRestart,
}: {
  file: File;
  preview: ImportPreview;
  onImported(result: ImportResult): void;
  onRestart(): void;
}) {
  const [onlyErrors, setOnlyErrors] = useState(preview.invalidCount > 0);
  const [keyword, setKeyword] = useState('');
  const [importing, setImporting] = useState<{ percent: number; error?: string } | null>(null);
  const [modal, modalHolder] = useDialogs();

  const rows = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return preview.rows.filter(
      (row) =>
        (!onlyErrors || row.errors.length > 0) &&
        (!needle || [row.name, row.examNumber, row.phone].some((value) => value.toLowerCase().includes(needle))),
    );
  }, [preview.rows, onlyErrors, keyword]);

  async function run(mode: 'all' | 'valid') {
    setImporting({ percent: 0 });
    try {
      const result = await importApi.commit(file, preview.sha256, mode, {
        onProgress: (percent) => setImporting((current) => (current ? { ...current, percent } : current)),
      });
      toast('导入成功', 'success');
      onImported(result);
    } catch (error) {
      setImporting({ percent: 0, error: error instanceof Error ? error.message : '导入失败' });
    }
  }

  function confirmValidOnly() {
    modal.confirm({
      title: '仅导入有效行？',
      content: `将导入 ${preview.validCount} 行有效数据，跳过 ${preview.invalidCount} 行有错误的数据。被跳过的考生需修正后另行导入。`,
      okText: '确认导入',
      cancelText: '取消',
      onOk: () => run('valid'),
    });
  }

  const busy = Boolean(importing && !importing.error);
  const allValid = preview.invalidCount === 0;
  return (
    <Card
      title={`校验结果：${preview.fileName}`}
      extra={
        <Button onClick={onRestart} disabled={busy}>
          重新上传
        </Button>
      }
    >
      {modalHolder}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space size={48} wrap>
          <Statistic title="总行数" value={preview.total} />
          <Statistic title="有效行" value={preview.validCount} styles={{ content: { color: '#389e0d' } }} />
          <Statistic
            title="错误行"
            value={preview.invalidCount}
            styles={{ content: { color: preview.invalidCount ? '#cf1322' : undefined } }}
          />
        </Space>
        {allValid ? (
          <Alert type="success" showIcon title="全部行校验通过，可以导入。" />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={`有 ${preview.invalidCount} 行未通过校验`}
            description="请修正文件后重新上传；或仅导入有效行，错误行将被跳过。在全部行通过校验之前，“全部导入”不可用。"
          />
        )}
        <Space wrap className="imp-toolbar">
          <Space>
            <Switch
              id="imp-only-errors"
              checked={onlyErrors}
              onChange={setOnlyErrors}
              disabled={allValid}
              aria-label="仅显示错误行"
            />
            <label htmlFor="imp-only-errors">仅显示错误行</label>
          </Space>
          <Input
            allowClear
            aria-label="搜索姓名、准考证号或手机号"
            placeholder="搜索姓名、准考证号或手机号"
            prefix={<SearchOutlined />}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            style={{ width: 280 }}
          />
        </Space>
        <Table<ImportPreviewRow>
          rowKey="rowNo"
          size="small"
          columns={columns}
          dataSource={rows}
          rowClassName={(row) => (row.errors.length > 0 ? 'imp-row-invalid' : '')}
          scroll={{ x: 1252 }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (total) => `共 ${total} 行` }}
          locale={{ emptyText: onlyErrors ? '没有错误行' : '没有匹配的行' }}
        />
        {importing && (
          <div aria-live="polite" data-testid="import-commit-progress">
            {importing.error ? (
              <Alert type="error" showIcon title="导入失败" description={importing.error} />
            ) : (
              <Progress
                percent={importing.percent}
                status="active"
                format={(percent) => (percent === 100 ? '正在导入…' : `上传 ${percent}%`)}
              />
            )}
          </div>
        )}
        <Space wrap>
          <Tooltip title={allValid ? '' : '存在错误行，不能全部导入'}>
            <Button type="primary" disabled={!allValid || busy} loading={busy} onClick={() => void run('all')}>
              全部导入（{preview.total} 行）
            </Button>
          </Tooltip>
          {!allValid && (
            <Button disabled={preview.validCount === 0 || busy} onClick={confirmValidOnly}>
              仅导入有效行（{preview.validCount} 行）
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}
