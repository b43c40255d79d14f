import { useState } from 'react';
import { Alert, App, Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { API_KEY_MSG, API_KEYS_TEXT as T } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useApiKeys } from './api/list-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { ApiKeysTable } from './ApiKeysTable';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

/** The organization's API keys: the list, a new key (shown once), revoking one. */
export function ApiKeysSection({ organizationId }: { organizationId: string }) {
  const keys = useApiKeys(organizationId);
  const revoke = useRevokeApiKey(organizationId);
  const [creating, setCreating] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const { message } = App.useApp();

  const onRevoke = async (id: string) => {
    setRefusal(undefined);
    try {
      await revoke.mutateAsync(id);
      void message.success(API_KEY_MSG.revoked);
    } catch (err) {
      setRefusal(errorText(err));
    }
  };

  return (
    <Card
      className="integrations-section" title={<Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>{T.title}</Typography.Title>}
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>{T.create}</Button>}
    >
      <Typography.Paragraph type="secondary" className="integrations-section-intro">{T.intro}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} closable onClose={() => setRefusal(undefined)} />}
      {keys.isError && <Alert type="error" showIcon title={errorText(keys.error)} />}
      <ApiKeysTable keys={keys.data ?? []} loading={keys.isPending} onRevoke={(id) => void onRevoke(id)} />
      <CreateApiKeyDialog organizationId={organizationId} open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
