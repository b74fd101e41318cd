import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { STAGE_LABELS, SUBMISSION_STATUS_LABELS, VERDICT_LABELS } from '@zikao/contract/review';
import type { ThesisSheet } from '@zikao/contract/thesis-sheet';
import { Button, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { thesisViewKeys, thesisViewsApi } from '../../api/thesis-views-api.ts';
import { ViewLinks } from './view-links.tsx';
import { formatRate, sheetPlagiarism } from './view-model.ts';
import './thesis-views.css';

const BLIND = '盲审，不显示';

/** 论文信息表: the thesis and every stage's outcome on one A4 form, with a print button. */
export function InformationSheetScreen() {
  const submissionId = Number(useParams().id);
  const query = useQuery({
    queryKey: thesisViewKeys.sheet(submissionId),
    queryFn: () => thesisViewsApi.sheet(submissionId),
    enabled: Number.isInteger(submissionId) && submissionId > 0,
    retry: false,
  });
  const extra = (
    <div className="tv-actions tv-no-print">
      <ViewLinks submissionId={submissionId} current="sheet" />
      <Button
        type="primary"
        icon={<PrinterOutlined />}
        data-testid="print-button"
        onClick={() => window.print()}
        disabled={!query.data}
      >
        打印
      </Button>
    </div>
  );
  let body: React.ReactNode;
  if (!Number.isInteger(submissionId) || submissionId <= 0) {
    body = <ErrorState subject="论文" error={new Error('链接中的论文编号不正确')} back />;
  } else if (query.data) {
    body = <SheetForm sheet={query.data} />;
  } else if (query.isError) {
    body = <ErrorState subject="论文" error={query.error} onRetry={() => void query.refetch()} back />;
  } else {
    body = (
      <div role="status" aria-label="正在加载信息表" className="tv-sheet">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  return (
    <Page extra={extra}>
      <div className="tv-print-root">{body}</div>
    </Page>
  );
}

export function SheetForm({ sheet }: { sheet: ThesisSheet }) {
  const student = sheet.student;
  const plagiarism = sheetPlagiarism(sheet);
  const reviewed = sheet.stages.filter((s) => s.comment.trim() !== '');
  return (
    <article className="tv-sheet" data-testid="information-sheet" aria-label="论文信息表">
      <h2 className="tv-sheet-title">高等教育自学考试毕业论文信息表</h2>
      <p className="tv-sheet-sub">
        <span>批次：{sheet.batch.name}</span>
        <span>生成日期：{formatDate(sheet.generatedAt)}</span>
      </p>
      <table className="tv-table tv-basic">
        <caption className="sr-only">考生与论文</caption>
        <colgroup>
          <col style={{ width: '16%' }} />
          <col style={{ width: '34%' }} />
          <col style={{ width: '16%' }} />
          <col style={{ width: '34%' }} />
        </colgroup>
        <tbody>
          <tr>
            <th scope="row">考生姓名</th>
            <td data-testid="sheet-candidate">{student ? student.name : BLIND}</td>
            <th scope="row">准考证号</th>
            <td data-testid="sheet-exam-no">{student ? student.examNo || '—' : BLIND}</td>
          </tr>
          <tr>
            <th scope="row">专业</th>
            <td data-testid="sheet-major">{sheet.thesis.majorName || '—'}</td>
            <th scope="row">主考学校</th>
            <td>{student ? student.schoolName || '—' : BLIND}</td>
          </tr>
          <tr>
            <th scope="row">批次</th>
            <td data-testid="sheet-batch">{sheet.batch.name}</td>
            <th scope="row">指导教师</th>
            <td>{student ? sheet.thesis.advisor || '—' : BLIND}</td>
          </tr>
          <tr>
            <th scope="row">论文题目</th>
            <td colSpan={3} data-testid="sheet-title" className="tv-strong">
              {sheet.thesis.title}
            </td>
          </tr>
          <tr>
            <th scope="row">查重率</th>
            <td data-testid="sheet-plagiarism">
              {formatRate(plagiarism.rate)}
              {plagiarism.stage && <span className="tv-muted">（{STAGE_LABELS[plagiarism.stage]}）</span>}
              {plagiarism.exceeds && <span className="tv-warn">超过阈值</span>}
            </td>
            <th scope="row">查重阈值</th>
            <td>{formatRate(sheet.plagiarismThreshold)}</td>
          </tr>
        </tbody>
      </table>

      <h3 className="tv-section">各阶段评阅结果</h3>
      <table className="tv-table tv-stages" data-testid="sheet-stages">
        <caption className="sr-only">各阶段评阅结果</caption>
        <colgroup>
          {[13, 11, 16, 7, 7, 14, 16, 16].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
            <col key={index} style={{ width: `${width}%` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">阶段</th>
            <th scope="col">状态</th>
            <th scope="col">结论</th>
            <th scope="col">成绩</th>
            <th scope="col">等级</th>
            <th scope="col">评阅人</th>
            <th scope="col">提交日期</th>
            <th scope="col">评阅日期</th>
          </tr>
        </thead>
        <tbody>
          {sheet.stages.length === 0 ? (
            <tr>
              <td colSpan={8} className="tv-empty-cell">
                暂无评阅记录
              </td>
            </tr>
          ) : (
            sheet.stages.map((s) => (
              <tr key={s.stage} data-stage={s.stage}>
                <th scope="row">
                  {STAGE_LABELS[s.stage]}
                  {s.currentVersion > 1 && <span className="tv-muted">（第{s.currentVersion}版）</span>}
                </th>
                <td>{SUBMISSION_STATUS_LABELS[s.status]}</td>
                <td>
                  {s.verdict ? VERDICT_LABELS[s.verdict] : '—'}
                  {/* The status is the current version's; a verdict of an earlier one says which. */}
                  {s.verdict && s.reviewedVersion !== null && s.reviewedVersion !== s.currentVersion && (
                    <span className="tv-muted" data-testid="sheet-verdict-version">
                      （第{s.reviewedVersion}版）
                    </span>
                  )}
                </td>
                <td>{s.score ?? '—'}</td>
                <td>{s.grade ?? '—'}</td>
                <td>{s.reviewerName || '—'}</td>
                <td>{formatDate(s.submittedAt)}</td>
                <td>{formatDate(s.reviewedAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <h3 className="tv-section">评阅意见</h3>
      <table className="tv-table tv-comments">
        <caption className="sr-only">评阅意见</caption>
        <colgroup>
          <col style={{ width: '16%' }} />
          <col />
        </colgroup>
        <tbody>
          {reviewed.length === 0 ? (
            <tr>
              <td colSpan={2} className="tv-empty-cell">
                暂无评阅意见
              </td>
            </tr>
          ) : (
            reviewed.map((s) => (
              <tr key={s.stage}>
                <th scope="row">{STAGE_LABELS[s.stage]}</th>
                <td className="tv-comment">
                  {s.comment}
                  <div className="tv-sign">
                    评阅人：{s.reviewerName || '—'}　日期：{formatDate(s.reviewedAt)}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <p className="tv-foot">
        本表由自考在线系统生成{sheet.batch.blindReview ? '；本批次为盲审，考生信息不予显示' : ''}。
      </p>
    </article>
  );
}
