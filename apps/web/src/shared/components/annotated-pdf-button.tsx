import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import { Button, Dropdown, Space } from 'antd';

/**
 * 下载批注版 PDF, with 打印版 beside it (adr/022). 批注版 carries every mark as a PDF annotation,
 * so Acrobat, WPS, Edge and Preview list the comments in their own pane; 打印版 draws the marks into
 * the pages for printing, without annotations.
 */
export function AnnotatedPdfButton({
  onDownload,
  loading = false,
}: {
  onDownload(variant: AnnotatedPdfVariant): void;
  loading?: boolean;
}) {
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} loading={loading} onClick={() => onDownload('annotated')}>
        下载批注版 PDF
      </Button>
      <Dropdown
        trigger={['click']}
        // Opened with Enter, the menu takes the focus so the arrow keys pick a version.
        autoFocus
        disabled={loading}
        menu={{
          items: [
            { key: 'annotated', label: '批注版（阅读器批注窗格可见）' },
            { key: 'print', label: '打印版（批注绘入页面，便于打印）' },
          ],
          onClick: ({ key }) => onDownload(key as AnnotatedPdfVariant),
        }}
      >
        <Button icon={<DownOutlined />} aria-label="选择 PDF 版本：批注版或打印版" />
      </Dropdown>
    </Space.Compact>
  );
}
