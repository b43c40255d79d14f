import { Button, Form, Input, Select, Space } from 'antd';
import { BANK_ACCOUNT_NAME_MAX, BANK_ACCOUNT_NUMBER_MAX, bankAccountInputSchema, type BankAccountInput } from '@eo/contract';
import { zodRule } from '../../../lib/zod-rule';
import { useBanks } from '../api/get-banks';
import { PAYOUT_TEXT as T } from '../texts';

interface Props {
  initial: BankAccountInput | null;
  saving: boolean;
  onSave: (values: BankAccountInput) => void;
  /** Shown when an account already exists: editing can be abandoned. */
  onCancel?: () => void;
}

const rule = (field: keyof BankAccountInput) => [zodRule(bankAccountInputSchema, field)];

/** Bank, account name and number, checked by the contract's rules so the messages are the spec's. */
export function BankAccountForm({ initial, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<BankAccountInput>();
  const banks = useBanks();
  // The schema trims; the API gets what the rules accepted.
  const submit = (v: BankAccountInput) => onSave(bankAccountInputSchema.parse(v));

  return (
    <Form form={form} layout="vertical" initialValues={initial ?? undefined} onFinish={submit} className="payout-bank-form" requiredMark>
      <Form.Item name="bankCode" label={T.bank} htmlFor="payout-bank" rules={rule('bankCode')} required>
        <Select
          id="payout-bank" showSearch={{ optionFilterProp: 'label' }} placeholder={T.bankPlaceholder}
          loading={banks.isPending} status={banks.error ? 'error' : undefined}
          notFoundContent={banks.error ? T.banksFailed : undefined}
          options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
        />
      </Form.Item>
      <Form.Item name="accountName" label={T.accountName} htmlFor="payout-account-name" rules={rule('accountName')} required>
        <Input id="payout-account-name" maxLength={BANK_ACCOUNT_NAME_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item name="accountNumber" label={T.accountNumber} htmlFor="payout-account-number" rules={rule('accountNumber')} required>
        <Input id="payout-account-number" maxLength={BANK_ACCOUNT_NUMBER_MAX} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{T.saveBank}</Button>
        {onCancel && <Button onClick={onCancel} disabled={saving}>{T.cancel}</Button>}
      </Space>
    </Form>
  );
}
