import { CheckCircleOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { ATTENDEE_KINDS, type AttendanceDto, type AttendeeKind, attendanceMinutes } from '@zikao/contract/course';
import { Badge, Button, Empty, Result, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../../shared/utils/date.ts';

const KIND_LABELS: Record<AttendeeKind, string> = { student: '考生', guest: '访客' };

interface AttendancePanelProps {
  list: AttendanceDto[];
  online: number;
  /** Saves 出勤表.xlsx. */
  onExport(): Promise<unknown>;
}

/**
 * 出勤 for the presenter: who joined, when, when they left, their time in class over every
 * reconnect, and who is here now, live; exported as 出勤表.xlsx or printed as a plain table.
 */
export function AttendancePanel({ list, online, onExport }: AttendancePanelProps) {
  const [exporting, setExporting] = useState(false);
  const sorted = [...list].sort((a, b) => a.joinedAt - b.joinedAt);
  const columns: TableColumnsType<AttendanceDto> = [
    { title: '姓名', dataIndex: 'name', render: (value: string) => value || '访客' },
    {
      title: '身份',
      dataIndex: 'kind',
      width: 80,
      filters: ATTENDEE_KINDS.map((kind) => ({ text: KIND_LABELS[kind], value: kind })),
      onFilter: (value, row) => row.kind === value,
      render: (kind: AttendeeKind) => KIND_LABELS[kind],
    },
    { title: '准考证号', dataIndex: 'examNumber', render: (value: string) => value || '—' },
    {
      title: '首次进入',
      dataIndex: 'joinedAt',
      width: 100,
      render: (value: number) => formatDate(value, 'HH:mm:ss'),
    },
    {
      title: '最后离开',
      dataIndex: 'leftAt',
      width: 100,
      render: (value: number | null, row) => (row.online || value === null ? '—' : formatDate(value, 'HH:mm:ss')),
    },
    {
      title: '在课时长',
      dataIndex: 'presentMs',
      width: 100,
      sorter: (a, b) => a.presentMs - b.presentMs,
      render: (value: number) => `${attendanceMinutes(value)} 分钟`,
    },
    { title: '进入次数', dataIndex: 'joins', width: 90 },
    {
      title: '状态',
      dataIndex: 'online',
      width: 90,
      render: (here: boolean) =>
        here ? <Badge status="success" text="在线" /> : <Badge status="default" text="已离开" />,
    },
  ];
  return (
    <section className="bd-panel bd-attendance" aria-label="出勤">
      <div className="bd-panel-head">
        <h2 className="bd-panel-title" data-testid="attendance-summary">
          在线 {online} 人 · 共 {list.length} 人进入过课堂
        </h2>
        <div className="bd-panel-actions">
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={list.length === 0}>
            打印
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={list.length === 0}
            onClick={() => {
              setExporting(true);
              onExport()
                .catch(() => {})
                .finally(() => setExporting(false));
            }}
          >
            导出出勤表
          </Button>
        </div>
      </div>
      <Table<AttendanceDto>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sorted}
        pagination={sorted.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有学员进入课堂" /> }}
        data-testid="attendance-table"
      />
    </section>
  );
}

/** 出勤 for a viewer: that they are signed in, since when. */
export function OwnAttendance({ name, since, connected }: { name: string; since: number | null; connected: boolean }) {
  return (
    <section className="bd-panel" aria-label="出勤">
      <Result
        icon={<CheckCircleOutlined style={{ color: connected ? '#15803d' : '#64748b' }} />}
        title={since ? `${name || '你'}已签到` : '正在进入课堂…'}
        subTitle={
          since
            ? `进入时间 ${formatDate(since, 'YYYY-MM-DD HH:mm:ss')}。老师可在出勤中看到你的进入记录。`
            : '连接课堂后自动签到。'
        }
      />
    </section>
  );
}
