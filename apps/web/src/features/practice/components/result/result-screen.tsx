import { RedoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { PracticeResultDto } from '@zikao/contract/practice';
import { Button, Card, Col, Row, Skeleton } from 'antd';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { useSessionStore } from '../../../../shared/stores/session-store.ts';
import { formatDate } from '../../../../shared/utils/date.ts';
import { useFillHeight } from '../../../../shared/utils/use-fill-height.ts';
import {
  AnnotationWorkspace,
  type WorkspaceApi,
  WorkspaceApiProvider,
  workspaceApi,
} from '../../../../workspace/lazy-workspace.tsx';
import { practiceApi, practiceKeys } from '../../api/practice-api.ts';
import { DifficultyTag } from '../difficulty-tag.tsx';
import { formatSpent } from '../practice-format.ts';
import { CategoryTable } from './category-table.tsx';
import { ResultLegend } from './result-legend.tsx';
import { formulaLines, resultView } from './result-model.ts';
import { ScoreBreakdown, ScoreFormula } from './score-breakdown.tsx';

/**
 * 论文详情 after submitting (AnnotatePracticeDetail): the attempt's result. The score and how it is
 * computed, the per-category table, and the document read-only with the reference points found
 * (green) and missed (red), each with the expert's comment, and the caller's unmatched annotations (grey).
 */
export function ResultScreen({ attemptId }: { attemptId: number }) {
  const result = useQuery({
    queryKey: practiceKeys.result(attemptId),
    queryFn: () => practiceApi.result(attemptId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Loading and failure keep the page's heading (论文详情), as every screen does.
  if (result.isPending)
    return (
      <Page>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Page>
    );
  if (result.isError) {
    return (
      <Page>
        <ErrorState subject="练习结果" error={result.error} onRetry={() => void result.refetch()} back />
      </Page>
    );
  }
  return <AttemptResult result={result.data} />;
}

function AttemptResult({ result }: { result: PracticeResultDto }) {
  const navigate = useNavigate();
  const me = useSessionStore((state) => state.id);
  const { attempt } = result;
  const view = useMemo(() => resultView(result), [result]);
  const fill = useFillHeight(attempt.id, 560);

  // The document's own list holds only the marker's annotations; the reference points come with the result.
  const api = useMemo<WorkspaceApi>(() => {
    const { personal: _none, ...calls } = workspaceApi;
    return { ...calls, annotations: async () => view.annotations };
  }, [view]);
  const decorate = useCallback((annotation: AnnotationDto) => view.decorations.get(annotation.id), [view]);

  const figures = {
    credit: result.credit,
    annotationCount: attempt.annotationCount,
    referenceCount: attempt.referenceCount,
    precision: attempt.precision,
    recall: attempt.recall,
    f1: attempt.f1,
    score: attempt.score,
  };
  const mine = attempt.userId === me;

  return (
    <Page>
      <div className="pr-screen">
        <header className="pr-header">
          <div className="pr-header-main">
            <h2 className="pr-title">{attempt.thesisTitle} · 练习结果</h2>
            <div className="pr-facts">
              <DifficultyTag difficulty={attempt.difficulty} />
              {!mine && <span>练习者：{attempt.userName}</span>}
              <span>提交于 {formatDate(attempt.submittedAt, 'YYYY-MM-DD HH:mm')}</span>
              <span>用时 {formatSpent(attempt.timeSpentMs)}</span>
              {attempt.revision > 1 && <span className="pr-muted">第 {attempt.revision} 版</span>}
            </div>
          </div>
          <div className="pr-header-side">
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/annotate/practice/list')}>
              练习列表
            </Button>
            {mine && (
              <Button
                type="primary"
                icon={<RedoOutlined />}
                onClick={() => navigate(`/annotate/practice/review/${attempt.thesisId}`)}
              >
                再练一次
              </Button>
            )}
          </div>
        </header>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Card title="得分" variant="borderless" className="pr-card pr-fill-card">
              <ScoreBreakdown
                figures={attempt}
                counts={[
                  { label: '参考要点', value: attempt.referenceCount },
                  { label: '找到', value: view.counts.found },
                  { label: '其中类别不同', value: view.counts.partial },
                  { label: '未找到', value: view.counts.missed },
                  { label: '你的批注', value: attempt.annotationCount },
                  { label: '未匹配', value: view.counts.unmatched },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            <Card title="分类统计" variant="borderless" className="pr-card pr-fill-card">
              <CategoryTable rows={result.categories} />
              <p className="pr-muted pr-table-note">
                参考要点、找到、未找到和召回率按参考要点的类别统计；你的批注和精确率按你所选的类别统计。
              </p>
              <ScoreFormula lines={formulaLines(figures, result.rules)} />
            </Card>
          </Col>
        </Row>
        <Card
          title="批注对照"
          variant="borderless"
          className="pr-card pr-compare"
          extra={<ResultLegend counts={view.counts} />}
        >
          <div ref={fill.ref} style={fill.height ? { height: fill.height } : undefined} className="pr-work">
            <WorkspaceApiProvider value={api}>
              <AnnotationWorkspace documentId={attempt.documentId} mode="readonly" height="100%" decorate={decorate} />
            </WorkspaceApiProvider>
          </div>
        </Card>
      </div>
    </Page>
  );
}
