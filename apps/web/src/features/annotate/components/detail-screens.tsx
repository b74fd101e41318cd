import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BarePage } from '../../../shared/components/bare-page.tsx';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';
import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';
import { useCurrentRoute } from '../../../shared/routing/route-meta-context.ts';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      返回
    </Button>
  );
}

export function TopicReviewScreen() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      extra={<BackButton />}
      description={`选题（编号 ${id}）的评阅：阅读题目、立题依据、提纲与参考文献，逐条批注并给出“通过 / 修改 / 不通过”的结论。`}
    />
  );
}

/** `/annotate/topic/detail/{id}` in the layout, and `/topicDetail/{id}` without it. */
export function TopicAnnotationsScreen() {
  const { id } = useParams();
  const { route } = useCurrentRoute();
  const description = `选题（编号 ${id}）的全部批注与评阅意见，只读查看。`;
  if (route?.layout === 'none') {
    return (
      <BarePage>
        <h1 style={{ fontSize: 20 }}>{route.title}</h1>
        <ComingSoon description={description} />
      </BarePage>
    );
  }
  return <PlaceholderPage extra={<BackButton />} description={description} />;
}

/** Thesis details, and the second reading of the same path: view thesis annotations (?view=annotations). */
export function ThesisDetailScreen() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const annotations = search.get('view') === 'annotations';
  return (
    <PlaceholderPage
      extra={
        <Space>
          {annotations ? (
            <Link to={`/annotate/thesis/detail/${id}`}>论文详情</Link>
          ) : (
            <Link to={`/annotate/thesis/detail/${id}?view=annotations`}>查看论文批注</Link>
          )}
          <BackButton />
        </Space>
      }
      description={
        annotations
          ? `论文（编号 ${id}）各版本的批注列表：按类别筛选，逐条跳转到原文位置。`
          : `论文（编号 ${id}）的批注工作台：PDF 原文、划词批注、常用批注语与评阅表单。`
      }
    />
  );
}

export function FinallyDraftScreen() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      extra={<BackButton />}
      description={`定稿（编号 ${id}）的审阅：查重率对照批次阈值，给出 0–100 分与等级。`}
    />
  );
}

/** Serves both `/annotate/thesisRetest/detail{id}` and `/annotate/thesisRetest/{id}`. */
export function RetestDetailScreen() {
  const { id = '' } = useParams();
  const retestId = id.startsWith('detail') ? id.slice('detail'.length) : id;
  return (
    <PlaceholderPage
      extra={<BackButton />}
      description={`复试论文（编号 ${retestId}）的二次评审：修改稿与上次定稿的批注对照，给出成绩与结论。`}
    />
  );
}
