import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Descriptions, Skeleton, Space } from 'antd';
import { BarePage } from '../../../shared/components/bare-page.tsx';
import { formatDateTime } from '../../../shared/utils/date.ts';
import { fetchVersion } from '../api/version-api.ts';

const DATABASE_LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

/** Web build and server facts; opens without login (seed 2). */
export default function VersionScreen() {
  const server = useQuery({ queryKey: ['version'], queryFn: fetchVersion });
  return (
    <BarePage>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>版本信息</h1>
        <Card title="网页端" variant="borderless">
          <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
            <Descriptions.Item label="版本">{__APP_VERSION__}</Descriptions.Item>
            <Descriptions.Item label="提交">
              <code data-testid="web-commit">{__APP_COMMIT__}</code>
            </Descriptions.Item>
            <Descriptions.Item label="构建时间">{formatDateTime(__BUILD_TIME__)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="服务端" variant="borderless">
          {server.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
          {server.error ? (
            <Alert type="error" showIcon title="无法获取服务端版本" description={server.error.message} />
          ) : null}
          {server.data ? (
            <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
              <Descriptions.Item label="版本">{server.data.version}</Descriptions.Item>
              <Descriptions.Item label="提交">
                <code>{server.data.commit}</code>
              </Descriptions.Item>
              <Descriptions.Item label="数据库">
                <span data-testid="server-database">
                  {DATABASE_LABELS[server.data.database] ?? server.data.database}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="文档转换（DOC/DOCX → PDF）">
                <Badge
                  status={server.data.converter.available ? 'success' : 'warning'}
                  text={server.data.converter.available ? '可用' : '不可用'}
                />
                {server.data.converter.detail ? `（${server.data.converter.detail}）` : null}
              </Descriptions.Item>
              {server.data.nodeVersion ? (
                <Descriptions.Item label="Node.js">{server.data.nodeVersion}</Descriptions.Item>
              ) : null}
            </Descriptions>
          ) : null}
        </Card>
      </Space>
    </BarePage>
  );
}
