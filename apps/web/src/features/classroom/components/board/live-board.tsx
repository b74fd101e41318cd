import { useQuery } from '@tanstack/react-query';
import { BOARD_ROLE_LABELS, type BoardContext, type HandInDto } from '@zikao/contract/course';
import { ErrorCode } from '@zikao/contract/errors';
import { Alert } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../../shared/request/errors.ts';
import { type BoardApi, boardKeys } from '../../api/board-api.ts';
import { CourseStatusTag } from '../course-status-tag.tsx';
import { AttendancePanel, OwnAttendance } from './attendance-panel.tsx';
import { BoardFrame, type BoardTab } from './board-frame.tsx';
import { guestName, rememberGuestName } from './board-identity.ts';
import { boardKeyAction } from './board-keys.ts';
import { boardRefusalOf, CANCELLED_COURSE } from './board-link-model.ts';
import { BoardProgress } from './board-progress.tsx';
import { BoardRefusalPage } from './board-refusal.tsx';
import { ConnectionBadge } from './connection-badge.tsx';
import { type CoursewarePage, CoursewareViewer, zoomStep } from './courseware-viewer.tsx';
import { isAway } from './follow-state.ts';
import { GuestNameDialog } from './guest-name-dialog.tsx';
import { HandInPanel } from './hand-in-panel.tsx';
import type { PageView } from './image-stage.tsx';
import { AwayBanner, PresenterSync, ViewerFollow } from './sync-control.tsx';
import { useBoardSession } from './use-board-session.ts';
import { TOP_SHARE } from './viewer-transform.ts';

interface LiveBoardProps {
  api: BoardApi;
  context: BoardContext;
  clientId: string;
  search: string;
  onCourseware(): void;
}

/** The board once its link holds: the live session, the three tabs, the keys. */
export function LiveBoard({ api, context, clientId, search, onCourseware }: LiveBoardProps) {
  const presenter = context.role === 'presenter';
  const guest = !presenter && context.viewer.userId === null;
  const [name, setName] = useState(() => (guest ? context.viewer.name || guestName() : context.viewer.name));
  const [tab, setTab] = useState<BoardTab>('courseware');
  const [joinedAt, setJoinedAt] = useState<number | null>(null);
  // The server's clock against this one, for the time gone by against the schedule.
  const skew = useMemo(() => context.serverTime - Date.now(), [context.serverTime]);

  const attendance = useQuery({
    queryKey: boardKeys.attendance(search),
    queryFn: ({ signal }) => api.attendance(signal),
    enabled: presenter,
    staleTime: 0,
  });
  const handIns = useQuery({
    queryKey: boardKeys.handIns(search),
    queryFn: ({ signal }) => api.handIns(clientId, signal),
    staleTime: 0,
  });
  const needsName = guest && !name;
  const { live, dispatch, move, setSync, follow } = useBoardSession({
    api,
    context,
    clientId,
    name,
    enabled: !needsName,
    onCourseware,
    // Back after a drop: what came while away is read again; the page came with the join.
    onRejoined: () => {
      if (presenter) void attendance.refetch();
      void handIns.refetch();
    },
  });

  useEffect(() => {
    if (attendance.data) dispatch({ type: 'attendance', list: attendance.data.list, online: attendance.data.online });
  }, [attendance.data, dispatch]);
  useEffect(() => {
    if (handIns.data) dispatch({ type: 'handIns', list: handIns.data.list });
  }, [handIns.data, dispatch]);
  useEffect(() => {
    if (live.connection === 'open') setJoinedAt((at) => at ?? Date.now());
  }, [live.connection]);

  const pages = useMemo<CoursewarePage[]>(
    () =>
      context.deck.map((entry) => {
        const src = api.pageUrl(entry.fileId, entry.pageNo);
        return { page: entry.index, src, thumb: src, fileName: entry.fileName };
      }),
    [context.deck, api],
  );
  const total = pages.length;
  const view = presenter ? live.own : live.follow.shown;
  const page = Math.min(Math.max(1, view.page), Math.max(1, total));
  const pageView: PageView = { zoom: view.zoom, rotation: view.rotation, panX: view.panX, panY: view.panY };

  const goTo = useCallback(
    (next: number) => {
      const target = Math.min(Math.max(1, next), Math.max(1, total));
      const change = { page: target, panX: 0, panY: TOP_SHARE };
      if (presenter) move(change);
      else follow({ type: 'navigate', view: change });
    },
    [presenter, move, follow, total],
  );
  const setView = useCallback(
    (next: PageView) => {
      if (presenter) move(next);
      else follow({ type: 'navigate', view: next });
    },
    [presenter, move, follow],
  );

  // The keys work on the 课件 tab, while no dialog asks for a name.
  const keys = useRef({ page, pageView, goTo, setView });
  keys.current = { page, pageView, goTo, setView };
  useEffect(() => {
    if (tab !== 'courseware' || needsName) return;
    const onKey = (event: KeyboardEvent) => {
      const action = boardKeyAction(event, event.target instanceof Element ? event.target : null);
      if (!action) return;
      event.preventDefault();
      const { page: at, pageView: current, goTo: turn, setView: show } = keys.current;
      if (action === 'previous') turn(at - 1);
      else if (action === 'next') turn(at + 1);
      else if (action === 'zoomIn') show({ ...current, zoom: zoomStep(current.zoom, 1) });
      else if (action === 'zoomOut') show({ ...current, zoom: zoomStep(current.zoom, -1) });
      else show({ ...current, zoom: 1, panX: 0, panY: 0 });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tab, needsName]);

  if (live.refused)
    return <BoardRefusalPage refusal={boardRefusalOf(new ApiError(ErrorCode.badReviewLink, live.refused))} />;
  if (live.cancelled) return <BoardRefusalPage refusal={CANCELLED_COURSE} />;

  const away = !presenter && isAway(live.follow);
  const banner = presenter ? (
    !live.sync && (
      <Alert
        className="bd-banner"
        type="info"
        showIcon
        title="同步已关闭：学员可以自由翻看，不会跟随你的翻页。打开“同步”带领全班。"
      />
    )
  ) : away && live.follow.presenter ? (
    <AwayBanner presenterPage={live.follow.presenter.page} onBack={() => follow({ type: 'follow', on: true })} />
  ) : null;

  return (
    <>
      <BoardFrame
        title={context.course.title}
        lecturer={context.course.lecturerName}
        startAt={context.course.startAt}
        endAt={context.course.endAt}
        roleLabel={
          presenter
            ? BOARD_ROLE_LABELS.presenter
            : name
              ? `${BOARD_ROLE_LABELS.viewer} · ${name}`
              : BOARD_ROLE_LABELS.viewer
        }
        status={<CourseStatusTag status={live.status} />}
        connection={
          <ConnectionBadge
            state={live.connection}
            retryInSeconds={live.retryInMs === null ? null : Math.ceil(live.retryInMs / 1000)}
          />
        }
        sync={
          presenter ? (
            <PresenterSync on={live.sync} onChange={setSync} disabled={live.connection !== 'open'} />
          ) : (
            <ViewerFollow
              sync={live.follow.sync}
              following={live.follow.following}
              onFollow={(on) => follow({ type: 'follow', on })}
            />
          )
        }
        tab={tab}
        onTab={setTab}
        courseware={
          <CoursewareViewer
            pages={pages}
            page={page}
            view={pageView}
            onPage={goTo}
            onView={setView}
            banner={banner}
            footer={
              <BoardProgress
                page={total > 0 ? page : 0}
                total={total}
                startAt={context.course.startAt}
                endAt={context.course.endAt}
                skewMs={skew}
                startedAt={live.startedAt}
                endedAt={live.endedAt}
              />
            }
          />
        }
        uploads={
          <HandInPanel
            presenter={presenter}
            api={api}
            clientId={clientId}
            name={name}
            limits={context.handIn}
            handIns={live.handIns}
            onSent={(item: HandInDto) => dispatch({ type: 'handIn', item })}
          />
        }
        uploadCount={live.handIns.length}
        attendance={
          presenter ? (
            <AttendancePanel list={live.attendance} online={live.online} onExport={api.exportAttendance} />
          ) : (
            <OwnAttendance name={name} since={joinedAt} connected={live.connection === 'open'} />
          )
        }
        attendanceCount={presenter ? live.online : 0}
      />
      {needsName && (
        <GuestNameDialog
          courseTitle={context.course.title}
          onDone={(given) => {
            rememberGuestName(given);
            setName(given);
          }}
        />
      )}
    </>
  );
}
