import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { toast } from '../feedback/toast.ts';
import { formatDate } from '../utils/date.ts';
import { absoluteLinkUrl } from './link-url.ts';
import './review-link.css';

/** Puts text on the clipboard; where the Clipboard API is refused, the field's own selection is copied. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand('copy');
  }
}

/**
 * A review link to hand over: the full address with 复制链接 and 打开, and as a QR code for a phone.
 * `url` is the server's path with its query.
 */
export function LinkShare({ url, expiresAt, label }: { url: string; expiresAt: number; label?: string }) {
  const address = absoluteLinkUrl(url, window.location.origin);
  const fieldId = useId();
  const copy = async () => {
    const field = document.getElementById(fieldId) as HTMLInputElement | null;
    if (await copyText(address, field)) toast('链接已复制', 'success');
    else toast('复制失败，请手动选中链接复制', 'warning');
  };
  return (
    <div className="rl-share" data-testid="link-share">
      <div className="rl-share-main">
        <label htmlFor={fieldId} className="rl-share-label">
          评阅链接{label ? ` · ${label}` : ''}
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id={fieldId} readOnly value={address} onFocus={(event) => event.target.select()} />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            复制链接
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" className="rl-share-note">
          有效期至 {formatDate(expiresAt, 'YYYY-MM-DD HH:mm')}
          。持有链接即可打开，无需登录，请只发给评阅对象；如误发，可在“评阅链接”中撤销。
        </Typography.Paragraph>
        <Button icon={<ExportOutlined />} href={address} target="_blank" rel="noopener noreferrer">
          打开链接
        </Button>
      </div>
      <figure className="rl-qr">
        <QRCodeSVG
          value={address}
          size={152}
          level="M"
          marginSize={2}
          title="评阅链接二维码"
          role="img"
          aria-label="评阅链接二维码"
        />
        <figcaption>手机扫码打开</figcaption>
      </figure>
    </div>
  );
}
