import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Role } from '@zikao/contract/roles';
import { Button } from 'antd';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { STUDENT_HOME_PATH } from '../../../shared/routing/paths.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { homeApi, homeKeys } from '../api/home-api.ts';
import { AdminHomeView } from './admin-home.tsx';
import { HomeSkeleton } from './home-parts.tsx';
import { ReviewerHomeView } from './reviewer-home.tsx';
import { TeacherHomeView } from './teacher-home.tsx';
import './home.css';

function ReviewerHome({ name }: { name: string }) {
  const home = useQuery({ queryKey: homeKeys.reviewer, queryFn: ({ signal }) => homeApi.reviewer(signal) });
  if (home.isPending) return <HomeSkeleton />;
  if (home.isError) return <ErrorState subject="首页" error={home.error} onRetry={() => void home.refetch()} />;
  return <ReviewerHomeView data={home.data} name={name} />;
}

function AdminHome({ name }: { name: string }) {
  const home = useQuery({ queryKey: homeKeys.admin, queryFn: ({ signal }) => homeApi.admin(signal) });
  if (home.isPending) return <HomeSkeleton />;
  if (home.isError) return <ErrorState subject="首页" error={home.error} onRetry={() => void home.refetch()} />;
  return <AdminHomeView data={home.data} name={name} />;
}

/** 首页 (issue 21 §3): each staff role's own home; a candidate's home is /student. */
export default function HomeScreen() {
  const role = useSessionStore((state) => state.userRole);
  const name = useSessionStore((state) => state.name);
  const queryClient = useQueryClient();
  if (role === Role.student) return <Navigate to={STUDENT_HOME_PATH} replace />;
  const refresh = (
    <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: homeKeys.all })}>
      刷新
    </Button>
  );
  return (
    <Page extra={refresh}>
      {role === Role.admin ? (
        <AdminHome name={name} />
      ) : role === Role.reviewer ? (
        <ReviewerHome name={name} />
      ) : (
        <TeacherHomeView name={name} />
      )}
    </Page>
  );
}
