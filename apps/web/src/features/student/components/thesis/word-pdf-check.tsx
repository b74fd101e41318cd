import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { AnnotationWorkspace } from '../../../../workspace/lazy-workspace.tsx';
import './word-check.css';

/** The note the candidate reads above the converted PDF (issue 23 §4). */
export const WORD_CHECK_NOTE = '已将 Word 文档转换为 PDF，评阅教师将看到此版式，请核对页码与格式';

/**
 * A Word thesis's converted PDF, the very one the reviewer will read and cite by page, in the
 * workspace's read-only mode, with the note and its page count. The candidate confirms it with the
 * panel's submit button, or uploads their own PDF export instead.
 */
export function WordPdfCheck(props: { documentId: number; pageCount: number; onUsePdf(): void; disabled?: boolean }) {
  const { documentId, pageCount, onUsePdf, disabled } = props;
  return (
    <section className="word-check" aria-labelledby={`word-check-${documentId}`} data-testid="word-check">
      <Alert
        type="info"
        showIcon
        title={<span id={`word-check-${documentId}`}>{WORD_CHECK_NOTE}</span>}
        description={
          <>
            转换后共 <Typography.Text strong>{pageCount}</Typography.Text> 页。如页码、章节编号、页眉或字体与 Word
            中不一致，可在 Word 中“另存为 PDF”，改为上传您自己的 PDF。
          </>
        }
      />
      <div className="word-check-actions">
        <Button icon={<FilePdfOutlined />} onClick={onUsePdf} disabled={disabled}>
          改为上传 PDF
        </Button>
      </div>
      <div className="word-check-viewer">
        <AnnotationWorkspace key={documentId} documentId={documentId} mode="readonly" height="100%" listHost={null} />
      </div>
    </section>
  );
}
