import { useMemo } from 'react';
import { Alert, Breadcrumb, Button, Modal, Spin, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { APP_STORE_URL, EVENT_NAME_BREADCRUMB_MAX, WIZARD_TEXT as T } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useEventDetail } from '../../../lib/event-detail';
import { cutText } from '../event-text';
import { WizardForm, type EditSource } from './WizardForm';
import { emptyValues, fromDetail } from './wizard-values';
import { RevisionNotice } from '../revision/RevisionNotice';
import './wizard.css';

/** `/event/create` and `/event/edit/{id}`. On phones, uploading happens in the mobile app. */
export function EventWizardPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const detail = useEventDetail(id);
  const editing = Boolean(id);
  const initial = useMemo(() => (detail.data ? fromDetail(detail.data) : emptyValues()), [detail.data]);
  const source = useMemo<EditSource | null>(() => {
    const d = detail.data;
    if (!d) return null;
    const tickets: { id: string; ticketCount?: number }[] = d.tickets ?? [];
    return {
      isDraft: d.isDraft,
      lastEventAt: d.lastEventAt ? new Date(d.lastEventAt) : null,
      hasParticipants: tickets.some((t) => (t.ticketCount ?? 0) > 0),
      storedTicketIds: tickets.map((t) => t.id),
      approvedStatus: d.approvedStatus,
      reviewed: d,
    };
  }, [detail.data]);

  const crumbs = [
    { title: <Link to="/event">{T.breadcrumbRoot}</Link> },
    { title: editing ? T.edit : T.create },
    ...(detail.data?.name ? [{ title: cutText(detail.data.name, EVENT_NAME_BREADCRUMB_MAX) }] : []),
  ];

  return (
    <div className="wizard-page">
      <Breadcrumb items={crumbs} className="wizard-breadcrumb" aria-label="breadcrumb" />
      <Typography.Title level={1} className="wizard-title">{editing ? T.edit : T.create}</Typography.Title>
      {/* Shown over the wizard rather than instead of it: a passing resize must not throw away the form. */}
      <Modal
        open={isMobile} title={T.mobile.title} closable={false} maskClosable={false} keyboard={false}
        footer={[
          <Button key="cancel" onClick={() => navigate('/')}>{T.mobile.cancel}</Button>,
          <Button key="go" type="primary" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">{T.mobile.go}</Button>,
        ]}
      >
        <Typography.Paragraph>{T.mobile.body}</Typography.Paragraph>
      </Modal>
      {detail.data && <RevisionNotice revision={detail.data.revision} className="wizard-revision" />}
      {editing && detail.isPending ? (
        <Spin size="large" className="wizard-loading" />
      ) : detail.error ? (
        <Alert type="error" showIcon message={T.loadFailed} description={errorText(detail.error)} />
      ) : (
        <WizardForm
          key={detail.data?.id ?? 'new'}
          mode={editing && detail.data ? { kind: 'edit', id: detail.data.id, isDraft: detail.data.isDraft } : { kind: 'create' }}
          initial={initial}
          source={source}
        />
      )}
    </div>
  );
}
