import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DASHBOARD_TEXT } from '@eo/contract';
import { useCan } from '../../../lib/use-can';

export function UploadBanner() {
  const navigate = useNavigate();
  // Only a role that may create events is invited to.
  if (!useCan('events.write')) return null;
  return (
    <section className="upload-banner" aria-label={DASHBOARD_TEXT.bannerTitle}>
      <div>
        <Typography.Title level={2} className="upload-banner-title">{DASHBOARD_TEXT.bannerTitle}</Typography.Title>
        <Typography.Paragraph className="upload-banner-text">{DASHBOARD_TEXT.bannerText}</Typography.Paragraph>
      </div>
      <Button size="large" icon={<PlusOutlined />} onClick={() => navigate('/event/create')} className="upload-banner-button">
        {DASHBOARD_TEXT.bannerButton}
      </Button>
    </section>
  );
}
