import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import {
  API_KEY_MSG, API_KEY_NAME_MAX, API_KEY_SCOPE_LABEL, API_KEY_SCOPES, API_KEYS_TEXT as T, type ApiKeyScope, type CreateApiKey,
} from '@eo/contract';
import { CheckboxGroup } from '../../../components/CheckboxGroup';
import { errorText } from '../../../lib/api-client';
import { useCreateApiKey } from './api/create-api-key';
import { NewApiKey } from './NewApiKey';

interface Props { organizationId: string; open: boolean; onClose: () => void }

const SCOPE_OPTIONS = API_KEY_SCOPES.map((s) => ({ value: s, label: <span><code>{s}</code> · {API_KEY_SCOPE_LABEL[s]}</span> }));

/** A name and the scopes, then the new key itself, shown this once. */
export function CreateApiKeyDialog({ organizationId, open, onClose }: Props) {
  const [form] = Form.useForm<CreateApiKey>();
  const create = useCreateApiKey(organizationId);
  const [made, setMade] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const close = () => {
    setMade(undefined);
    setRefusal(undefined);
    form.resetFields();
    create.reset();
    onClose();
  };
  const submit = async (values: CreateApiKey) => {
    setRefusal(undefined);
    try {
      setMade((await create.mutateAsync(values)).key);
    } catch (err) {
      setRefusal(errorText(err));
    }
  };

  return (
    <Modal
      open={open} title={made ? T.shownTitle : T.create} onCancel={close} destroyOnHidden maskClosable={!made}
      footer={made ? <Button type="primary" onClick={close}>{T.done}</Button> : [
        <Button key="cancel" onClick={close}>{T.cancel}</Button>,
        <Button key="submit" type="primary" loading={create.isPending} onClick={() => form.submit()}>{T.submit}</Button>,
      ]}
    >
      {made ? <NewApiKey value={made} /> : (
        <Form<CreateApiKey> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ name: '', scopes: [] as ApiKeyScope[] }}>
          {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="name" label={T.name}
            rules={[{ required: true, whitespace: true, message: API_KEY_MSG.nameRequired }, { max: API_KEY_NAME_MAX, message: API_KEY_MSG.nameMax }]}
          >
            <Input placeholder={T.namePlaceholder} maxLength={API_KEY_NAME_MAX + 1} autoComplete="off" />
          </Form.Item>
          <Form.Item name="scopes" label={T.scopes} rules={[{ required: true, type: 'array', min: 1, message: API_KEY_MSG.scopesRequired }]}>
            <CheckboxGroup<ApiKeyScope> className="integrations-scopes" options={SCOPE_OPTIONS} aria-label={T.scopes} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
