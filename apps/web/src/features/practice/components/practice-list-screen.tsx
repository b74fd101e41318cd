import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { practiceApi, practiceKeys } from '../api/practice-api.ts';
import { HistoryTable } from './list/history-table.tsx';
import { ThesisList } from './list/thesis-list.tsx';
import { UserCard } from './list/user-card.tsx';
import './practice.css';

/** 批注练习 (seed 2, issue 15): the practice theses, the caller's submit history and their card. */
export default function PracticeListScreen() {
  const headUrl = useSessionStore((state) => state.headUrl);
  const card = useQuery({ queryKey: practiceKeys.card, queryFn: practiceApi.card });
  return (
    <Page>
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 17, order: 1 }}>
          <div className="pr-stack">
            <ThesisList />
            <HistoryTable />
          </div>
        </Col>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 7, order: 2 }}>
          {card.isError ? (
            <ErrorState variant="inline" subject="练习概况" error={card.error} onRetry={() => void card.refetch()} />
          ) : (
            <UserCard
              name={card.data?.name ?? ''}
              headUrl={headUrl}
              school={card.data?.schoolName ?? ''}
              major={card.data?.majorName ?? ''}
              attempts={card.data?.attempts ?? 0}
              average={card.data?.averageScore ?? null}
              best={card.data?.bestScore ?? null}
              trend={card.data?.trend ?? []}
              loading={card.isPending}
            />
          )}
        </Col>
      </Row>
    </Page>
  );
}
