import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export function PrintScreen() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      extra={
        <Button icon={<PrinterOutlined />} disabled>
          打印
        </Button>
      }
      description={`论文（编号 ${id}）的 A4 打印版：批注以页边注释的形式排版。`}
    />
  );
}

export function InformationSheetScreen() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      description={`论文（编号 ${id}）的信息表：考生、准考证号、专业、学校、批次、题目、指导教师，各阶段结论、成绩、评阅人与查重率。`}
    />
  );
}

export function AttachmentsScreen() {
  const { id } = useParams();
  return <PlaceholderPage description={`论文（编号 ${id}）的附件列表，可预览与下载。`} />;
}
