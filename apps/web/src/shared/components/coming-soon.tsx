import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The honest empty state of a screen whose feature arrives in a later version. */
export function ComingSoon({
  description,
  children,
  bare = false,
}: {
  description: ReactNode;
  children?: ReactNode;
  /** Without its own card, e.g. inside a table's empty area. */
  bare?: boolean;
}) {
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>该功能将在后续版本上线</Typography.Text>
          <br />
          <Typography.Text type="secondary">{description}</Typography.Text>
        </>
      }
    >
      {children}
    </Empty>
  );
  return bare ? empty : <Card variant="borderless">{empty}</Card>;
}
