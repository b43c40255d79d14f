import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { fill, SHARE_TEXT as T } from '@eo/contract';
import { useCopy } from '../../../../lib/use-copy';
import { publicEventUrl, qrFileName, whatsappShareUrl } from './share-links';

/** The QR code of `text` as a PNG data URL; the QR library loads only when a dialog asks for one. */
async function qrPng(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { type: 'image/png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
}

/** Bagikan: the event's public link to copy, its QR code as a PNG, and a WhatsApp share link. */
export function ShareDialog({ event, open, onClose }: { event: { id: string; name: string }; open: boolean; onClose: () => void }) {
  const url = publicEventUrl(event.id);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void qrPng(url).then((png) => live && setQr(png), () => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);

  const copy = useCopy(T);

  return (
    <Modal open={open} title={T.title} onCancel={onClose} footer={<Button onClick={onClose}>{T.close}</Button>} destroyOnHidden>
      <Space orientation="vertical" size="middle" className="share-dialog">
        <div>
          <Typography.Text strong>
            <label htmlFor="share-link">{T.link}</label>
          </Typography.Text>
          <Space.Compact className="share-link">
            <Input id="share-link" readOnly value={url} onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>{T.copy}</Button>
          </Space.Compact>
        </div>
        <div>
          <Typography.Text strong>{T.qr}</Typography.Text>
          <div className="share-qr">
            {qr ? <img src={qr} alt={fill(T.qrAlt, { name: event.name })} width={200} height={200} /> : <Spin />}
          </div>
          <Button icon={<DownloadOutlined />} href={qr ?? undefined} download={qrFileName(event.name)} disabled={!qr}>{T.downloadQr}</Button>
        </div>
        <Button type="primary" icon={<WhatsAppOutlined />} href={whatsappShareUrl(event.name, url)} target="_blank" rel="noopener noreferrer">
          {T.whatsapp}
        </Button>
      </Space>
    </Modal>
  );
}
