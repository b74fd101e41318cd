import { FileTextOutlined, PaperClipOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Stage } from '@zikao/contract/review';
import { Button, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { familyOfPath, type ViewKind, viewPaths } from './view-model.ts';

const LINKS: Array<{ kind: ViewKind; label: string; icon: React.ReactNode }> = [
  { kind: 'print', label: '打印论文', icon: <PrinterOutlined /> },
  { kind: 'sheet', label: '信息表', icon: <FileTextOutlined /> },
  { kind: 'attachments', label: '附件', icon: <PaperClipOutlined /> },
];

/**
 * 打印 / 信息表 / 附件 of a submission. On the review screen pass its stage; on the views
 * themselves the current path's family is kept and the current view is left out. A topic is
 * filled-in fields, not a paper, so it has no 打印论文 (its 信息表 prints).
 */
export function ViewLinks({
  submissionId,
  stage,
  current,
}: {
  submissionId: number;
  stage?: Stage;
  current?: ViewKind;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const paths = viewPaths(stage ?? familyOfPath(pathname), submissionId);
  return (
    <Space.Compact className="tv-links" data-testid="thesis-view-links">
      {LINKS.filter((link) => link.kind !== current && !(link.kind === 'print' && stage === 'topic')).map((link) => (
        <Button key={link.kind} icon={link.icon} onClick={() => navigate(paths[link.kind])}>
          {link.label}
        </Button>
      ))}
    </Space.Compact>
  );
}
