import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  formatCount, MSG, WITHDRAWAL_MIN, WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG, withdrawalAmount, type CoinAccount, type VerificationState,
} from '@eo/contract';
import { saveErrorText } from '../../../lib/api-client';
import { answerUnknown } from '../../../lib/idempotent-request';
import { zodRule } from '../../../lib/zod-rule';
import { requestWithdrawal } from '../api/request-withdrawal';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { PAYOUT_TEXT as T } from '../texts';

interface Values { amount: number | null; all: boolean }

// The form's own minimum text (`Minimum penarikan…`); the server answers with `Minimal penarikan bersih…`.
const amountSchema = z.object({ amount: withdrawalAmount(WITHDRAW_MSG.minAmount) });

/** `Rp 15.000` while not typing; what the user types is left alone so the caret does not jump. */
const rupiah = (v: number | string | undefined, info: { userTyping: boolean; input: string }) =>
  info.userTyping ? info.input : v === undefined || v === '' || v === null ? '' : `${T.currency} ${formatCount(Number(v))}`;
const parseRupiah = (text: string | undefined) => (text ?? '').replace(/\D/g, '');

interface Props {
  coin: CoinAccount;
  /** The request is made and its code was emailed: the page opens the code step. */
  onCodeSent: (state: VerificationState) => void;
}

/** Amount, "withdraw everything", submit. Disabled with the reason while a withdrawal is not allowed. */
export function WithdrawalForm({ coin, onCodeSent }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const all = Form.useWatch('all', form) ?? false;
  const [sending, setSending] = useState(false);
  const idempotency = useIdempotencyKey();
  // The server's reason first; an open request, a missing account or too small a balance also stop the button.
  const blocked = coin.withdrawalBlockedReason
    ?? (coin.verification ? WITHDRAW_OWN_MSG.pending : null)
    ?? (coin.bankAccount ? null : WITHDRAW_OWN_MSG.noBankAccount)
    // Nothing to take out below the minimum (e.g. everything was just withdrawn).
    ?? (coin.coinAmount < WITHDRAWAL_MIN ? WITHDRAW_MSG.minAmount : null);

  const toggleAll = (checked: boolean) => {
    form.setFieldsValue({ amount: checked ? coin.coinAmount : null });
    if (checked) void form.validateFields(['amount']);
  };

  const submit = async ({ amount }: Values) => {
    if (amount === null) return;
    const key = idempotency.keyFor({ eoCoinId: coin._id, amount });
    setSending(true);
    try {
      const res = await requestWithdrawal(coin._id, amount, key);
      idempotency.settle();
      form.resetFields();
      // Spec section 4: the code step opens by itself on this message id.
      if (res.messageId === WITHDRAW_ID.codeSent) onCodeSent(res.data.result);
      else if (res.message) message.warning(res.message);
    } catch (err) {
      if (!answerUnknown(err)) idempotency.settle();
      message.error(`${WITHDRAW_MSG.failed}: ${saveErrorText(err, MSG.somethingWentWrong)}`);
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
    }
  };

  return (
    <Card title={T.requestTitle} className="payout-card">
      {blocked && <Alert type="warning" showIcon title={blocked} className="payout-note" role="note" />}
      <Form<Values> form={form} layout="vertical" initialValues={{ amount: null, all: false }} onFinish={submit}>
        <Form.Item
          name="amount" label={T.amount} htmlFor="payout-amount" required
          rules={[
            zodRule(amountSchema, 'amount'),
            { validator: async (_r, v: number | null) => { if (v !== null && v > coin.coinAmount) throw new Error(WITHDRAW_OWN_MSG.aboveBalance); } },
          ]}
        >
          <InputNumber
            id="payout-amount" className="payout-amount" min={0} precision={0} step={1000} disabled={all}
            formatter={rupiah} parser={parseRupiah}
          />
        </Form.Item>
        <Form.Item name="all" valuePropName="checked">
          <Checkbox onChange={(e) => toggleAll(e.target.checked)}>{T.withdrawAll}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} disabled={Boolean(blocked)}>{T.submit}</Button>
      </Form>
    </Card>
  );
}
