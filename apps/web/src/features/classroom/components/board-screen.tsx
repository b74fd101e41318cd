import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardContext } from '@zikao/contract/course';
import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type BoardApi, boardApi, boardKeys } from '../api/board-api.ts';
import { boardClientId } from './board/board-identity.ts';
import { boardRefusalOf, credentialOf, INCOMPLETE_LINK } from './board/board-link-model.ts';
import { BoardRefusalPage } from './board/board-refusal.tsx';
import { LiveBoard } from './board/live-board.tsx';
import './board/board.css';

/**
 * The live-course board (/board, hidden, no login), opened through a signed link
 * `?cid=…&role=presenter|viewer&exp=…&sig=…`. A link that is incomplete, invalid or expired is the
 * whole page, in Chinese; it never leads to /login.
 */
export default function BoardScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const credential = useMemo(() => credentialOf(search), [search]);
  const api = useMemo(() => (credential ? boardApi(credential) : null), [credential]);
  const clientId = useMemo(() => boardClientId(), []);
  const context = useQuery({
    queryKey: boardKeys.context(search),
    queryFn: ({ signal }) => (api as BoardApi).context(clientId, signal),
    enabled: api !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // A signed-in candidate on a guest link attends as themselves: the page moves to their own link.
  const ownLink = context.data?.ownLink ?? null;
  useEffect(() => {
    if (ownLink) void navigate(ownLink, { replace: true });
  }, [ownLink, navigate]);

  if (!api) return <BoardRefusalPage refusal={INCOMPLETE_LINK} />;
  // A failed re-read (the courseware changed, the line blinked) keeps the board; a refused link does not.
  const refusal = context.isError ? boardRefusalOf(context.error) : null;
  if (refusal && (!context.data || !refusal.retry)) {
    return <BoardRefusalPage refusal={refusal} onRetry={() => void context.refetch()} />;
  }
  if (!context.data || ownLink) {
    return (
      <div className="bd-loading" role="status">
        <Spin size="large" />
        <span>正在进入课堂…</span>
      </div>
    );
  }
  return <ContextBoard api={api} context={context.data} clientId={clientId} search={search} />;
}

function ContextBoard(props: { api: BoardApi; context: BoardContext; clientId: string; search: string }) {
  const queryClient = useQueryClient();
  return (
    <LiveBoard
      {...props}
      // The role and course never change under a page: a new link is a new page.
      key={`${props.context.course.id}-${props.context.role}`}
      onCourseware={() => void queryClient.invalidateQueries({ queryKey: boardKeys.context(props.search) })}
    />
  );
}
