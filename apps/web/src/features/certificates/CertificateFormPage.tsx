import { useMemo } from 'react';
import { Alert, Breadcrumb, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { errorText } from '../../lib/api-client';
import { useCertificate } from './api/get-certificate';
import { defaultValues, fromCertificate } from './cert-form-values';
import { CertificateForm } from './components/CertificateForm';
import './certificates.css';
import { CERT_TEXT as T } from '@eo/contract';

/** `/certificate/create` and `/certificate/edit/{id}`. */
export function CertificateFormPage() {
  const { id } = useParams();
  const detail = useCertificate(id);
  const editing = Boolean(id);
  const title = editing ? T.editTitle : T.create;
  const initial = useMemo(
    () => (detail.data ? fromCertificate(detail.data) : { values: defaultValues(), extras: { csv: null, template: null, boxes: null } }),
    [detail.data],
  );

  return (
    <div className="cert-page">
      <Breadcrumb items={[{ title: <Link to="/certificate">{T.menu}</Link> }, { title }]} aria-label="breadcrumb" />
      <Typography.Title level={1} className="cert-title">{title}</Typography.Title>
      {editing && detail.isPending ? (
        <Spin size="large" className="cert-spin" />
      ) : detail.error ? (
        <Alert type="error" showIcon title={T.loadFailed} description={errorText(detail.error)} />
      ) : (
        <CertificateForm
          key={detail.data?.id ?? 'new'} id={detail.data?.id} initial={initial}
          initialEvent={detail.data?.event ?? null} published={Boolean(detail.data && detail.data.status !== 'drafted')}
          republishable={detail.data?.status === 'published' && detail.data.recipientType === 'attendees'}
        />
      )}
    </div>
  );
}
