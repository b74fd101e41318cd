import { DiffOutlined } from '@ant-design/icons';
import { STAGE_LABELS, type SubmissionDetail } from '@zikao/contract/review';
import { Button, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { SubmissionStatusTag } from '../../../../shared/components/status-tag.tsx';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { ViewLinks } from '../thesis-views/view-links.tsx';
import { WordOriginalButton } from './word-original-button.tsx';

interface ReviewHeaderProps {
  detail: SubmissionDetail;
  versionNo: number;
  onVersion(versionNo: number): void;
  /** 版本对比; left out where the API serves no diff. */
  onDiff?(): void;
  /** 打印论文 / 信息表 / 附件, screens of the signed-in app; an admin review page has none. */
  links?: boolean;
  actions?: ReactNode;
}

/** Who and what is under review: candidate (or 盲审), batch, major, stage, status and the version shown. */
export function ReviewHeader({ detail, versionNo, onVersion, onDiff, links = true, actions }: ReviewHeaderProps) {
  const items: Array<[string, ReactNode]> = [
    [
      '考生',
      detail.student ? (
        <span key="candidate">
          {detail.student.name}
          {detail.student.examNo && <span className="rv-muted">（{detail.student.examNo}）</span>}
        </span>
      ) : (
        <Tooltip key="blind" title="本批次为盲审，不显示考生姓名和准考证号">
          <span>
            <ToneTag bordered={false} tone="indigo">
              盲审
            </ToneTag>
          </span>
        </Tooltip>
      ),
    ],
    ['批次', detail.batch.name],
    ['专业', detail.thesis.majorName || '—'],
    ['阶段', STAGE_LABELS[detail.stage]],
    ['状态', <SubmissionStatusTag key="status" status={detail.status} testId="status-tag" />],
  ];
  if (detail.thesis.advisor) items.splice(3, 0, ['指导教师', detail.thesis.advisor]);
  const versions = detail.versions.map((v) => ({
    value: v.versionNo,
    label: `第${v.versionNo}版${v.versionNo === detail.currentVersion ? '（当前）' : ''}`,
  }));
  return (
    <header className="rv-header" data-testid="review-header">
      <div className="rv-header-main">
        <h2 className="rv-title">{detail.thesis.title}</h2>
        <dl className="rv-facts">
          {items.map(([label, value]) => (
            <div key={label} className="rv-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="rv-fact">
            <dt id="rv-version-label">版本</dt>
            <dd>
              {versions.length > 1 ? (
                <Select
                  size="small"
                  aria-labelledby="rv-version-label"
                  value={versionNo}
                  options={versions}
                  onChange={onVersion}
                  style={{ minWidth: 118 }}
                  data-testid="version-switcher"
                />
              ) : (
                `第${detail.currentVersion}版`
              )}
              <span className="rv-muted rv-uploads">
                已上传 {detail.uploadsUsed}/{detail.uploadLimit} 次
              </span>
            </dd>
          </div>
        </dl>
      </div>
      <div className="rv-header-actions">
        {links && <ViewLinks submissionId={detail.id} stage={detail.stage} />}
        {links && (
          <WordOriginalButton
            documentId={detail.versions.find((v) => v.versionNo === versionNo)?.documentId ?? null}
            blind={detail.student === null}
          />
        )}
        {detail.versions.length > 1 && onDiff && (
          <Button icon={<DiffOutlined />} onClick={onDiff}>
            版本对比
          </Button>
        )}
        {actions}
      </div>
    </header>
  );
}
