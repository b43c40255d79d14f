import { Alert, Button, Card, Descriptions, Form, Input, List, Spin, Tag, Typography } from 'antd';
import { MSG, ORG_MSG, ORG_ROLE_LABEL, PROFILE_TEXT } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { useChangePassword, useProfile } from './api/account';
import { PasswordFields } from './components/PasswordFields';
import './account.css';

/** /profile: who the user is, their organizations and roles, and a new password. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <div className="org-page">
      <Typography.Title level={1}>{PROFILE_TEXT.title}</Typography.Title>
      {profile.isError && <Alert type="error" showIcon title={errorText(profile.error)} />}
      {profile.isPending && <Spin />}
      {profile.data && (
        <Card className="org-page-section">
          <Descriptions column={1} items={[
            { key: 'name', label: PROFILE_TEXT.name, children: profile.data.name },
            { key: 'email', label: PROFILE_TEXT.email, children: <span className="org-cell-wrap">{profile.data.email}</span> },
          ]} />
          <Typography.Title level={2} style={{ fontSize: 18 }}>{PROFILE_TEXT.organizations}</Typography.Title>
          <List
            dataSource={profile.data.organizations}
            rowKey="id"
            renderItem={(o) => (
              <List.Item><span className="org-cell-wrap">{o.name}</span><Tag>{ORG_ROLE_LABEL[o.role]}</Tag></List.Item>
            )}
          />
        </Card>
      )}
      <ChangePasswordCard />
    </div>
  );
}

interface PasswordValues { currentPassword: string; password: string; confirm: string }

/** Current password, the new one twice (the sign-in rule: at least 8); other sessions end on the server. */
function ChangePasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const onFinish = (v: PasswordValues) =>
    change.mutate({ currentPassword: v.currentPassword, newPassword: v.password }, {
      onSuccess: () => form.resetFields(),
    });
  return (
    <Card title={PROFILE_TEXT.changePassword} className="org-page-section">
      <Form form={form} layout="vertical" requiredMark={false} disabled={change.isPending} onFinish={onFinish} style={{ maxWidth: 420 }}>
        {change.isError && <Alert className="account-alert" type="error" showIcon title={errorText(change.error)} />}
        {change.isSuccess && <Alert className="account-alert" type="success" showIcon role="status" title={ORG_MSG.passwordChanged} />}
        <Form.Item name="currentPassword" label={PROFILE_TEXT.currentPassword} rules={[{ required: true, message: MSG.passwordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields label={PROFILE_TEXT.newPassword} confirmLabel={PROFILE_TEXT.confirmPassword} />
        <Button type="primary" htmlType="submit" loading={change.isPending}>{PROFILE_TEXT.save}</Button>
      </Form>
    </Card>
  );
}
