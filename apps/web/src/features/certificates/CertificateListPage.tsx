import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { CertificateTable } from './components/CertificateTable';
import './certificates.css';
import { CERT_TEXT as T } from '@eo/contract';

/** `/certificate`: every certificate of the organizer, newest first. */
export function CertificateListPage() {
  const navigate = useNavigate();
  return (
    <div className="cert-page">
      <header className="cert-head">
        <Typography.Title level={1} className="cert-title">{T.menu}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/certificate/create')}>{T.newCertificate}</Button>
      </header>
      <CertificateTable />
    </div>
  );
}
