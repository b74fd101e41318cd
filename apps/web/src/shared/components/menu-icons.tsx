import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BulbOutlined,
  CalendarOutlined,
  DeploymentUnitOutlined,
  EditOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HistoryOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  edit: <EditOutlined />,
  bulb: <BulbOutlined />,
  'file-text': <FileTextOutlined />,
  audit: <AuditOutlined />,
  reload: <ReloadOutlined />,
  schedule: <ScheduleOutlined />,
  history: <HistoryOutlined />,
  'bar-chart': <BarChartOutlined />,
  read: <ReadOutlined />,
  'video-camera': <VideoCameraOutlined />,
  form: <FormOutlined />,
  notification: <NotificationOutlined />,
  user: <UserOutlined />,
  profile: <ProfileOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />,
  setting: <SettingOutlined />,
  calendar: <CalendarOutlined />,
  team: <TeamOutlined />,
  upload: <UploadOutlined />,
  'deployment-unit': <DeploymentUnitOutlined />,
  message: <MessageOutlined />,
  'file-search': <FileSearchOutlined />,
};

/** The icon for a server menu icon name; a neutral one for names the app does not know. */
export function menuIcon(name: string | undefined): ReactNode {
  return (name && ICONS[name]) ?? <AppstoreOutlined />;
}
