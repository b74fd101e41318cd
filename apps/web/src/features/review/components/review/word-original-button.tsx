import { FileWordOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { thesisViewKeys, thesisViewsApi } from '../../api/thesis-views-api.ts';

const WORD_MIMES = new Set([
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** True when a document was uploaded as a Word file (and so has an original beside its PDF). */
export function isWordSource(mime: string | undefined): boolean {
  return mime !== undefined && WORD_MIMES.has(mime);
}

/**
 * 下载 Word 原文: the candidate's Word file beside the converted PDF both sides read. Shown only
 * for Word uploads, and never under blind review, where the file would carry the author.
 */
export function WordOriginalButton({ documentId, blind }: { documentId: number | null; blind: boolean }) {
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: thesisViewKeys.documentStatus(documentId ?? 0),
    queryFn: () => thesisViewsApi.documentStatus(documentId as number),
    enabled: documentId !== null && !blind,
    staleTime: 60_000,
  });
  if (blind || documentId === null || !isWordSource(status.data?.sourceMime)) return null;
  return (
    <Tooltip title="评阅以转换后的 PDF 为准，页码与考生核对时一致">
      <Button
        icon={<FileWordOutlined />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          void thesisViewsApi
            .originalWord(documentId)
            .catch(() => {})
            .finally(() => setBusy(false));
        }}
      >
        下载 Word 原文
      </Button>
    </Tooltip>
  );
}
