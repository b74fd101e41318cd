import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除，请从左侧菜单重新进入。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
