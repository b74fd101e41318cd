import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The search card above a list: an inline search form (named `label` for assistive technology)
 * holding the given filter fields, then 查询 and any `actions` beside it. `above` goes above the form.
 */
export function SearchCard<Values = unknown>({
  label,
  onSearch,
  form,
  above,
  actions,
  children,
}: {
  label: string;
  onSearch(values: Values): void;
  form?: FormInstance<Values>;
  above?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const submit = (
    <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
      查询
    </Button>
  );
  return (
    <Card variant="borderless">
      {above}
      <Form<Values>
        form={form}
        layout="inline"
        role="search"
        aria-label={label}
        onFinish={onSearch}
        style={{ rowGap: 12 }}
      >
        {children}
        <Form.Item>
          {actions ? (
            <Space>
              {submit}
              {actions}
            </Space>
          ) : (
            submit
          )}
        </Form.Item>
      </Form>
    </Card>
  );
}

/** A table's empty state in the simple picture, e.g. `emptyText(filtered ? '没有符合条件的账号' : '暂无账号')`. */
export function emptyText(description: ReactNode) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
