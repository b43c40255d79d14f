import { useState } from 'react';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import {
  fill, formatRupiah, maskEmail, MSG, WITHDRAW_CODE, WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG, withdrawalVerifySchema, type VerificationState,
} from '@eo/contract';
import { ApiError, errorText, saveErrorText } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { resendWithdrawalCode } from '../api/resend-withdrawal-code';
import { verifyWithdrawal } from '../api/verify-withdrawal';
import { useCountdown } from '../hooks/use-countdown';
import { PAYOUT_TEXT as T } from '../texts';

interface Props {
  eoCoinId: string;
  state: VerificationState;
  /** A resend answered a new state (new expiry, new resend time). */
  onState: (state: VerificationState) => void;
  onClose: () => void;
  /** The request moved on (verified, expired, too many tries): refresh the balance and history. */
  onSettled: () => void;
}

// Only a wrong code leaves the request open; these end it, so the step closes.
const ENDED = new Set<string>([WITHDRAW_ID.codeExpired, WITHDRAW_ID.codeTooMany]);

/** The emailed 6-digit code step of a withdrawal request, with a rate-limited resend. */
export function VerificationModal({ eoCoinId, state, onState, onClose, onSettled }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const wait = useCountdown(state.resendAvailableAt);

  const verify = async ({ code }: { code: string }) => {
    setBusy('verify');
    try {
      await verifyWithdrawal(eoCoinId, code);
      message.success(WITHDRAW_MSG.success);
      onClose();
      onSettled();
    } catch (err) {
      const id = err instanceof ApiError ? err.body.messageId ?? '' : '';
      if (ENDED.has(id)) {
        message.error(`${WITHDRAW_MSG.failed}: ${errorText(err)}`);
        onClose();
        onSettled();
      } else {
        // A wrong code (with the tries left), or anything else: said under the emptied input.
        form.setFields([{ name: 'code', value: '', errors: [saveErrorText(err, MSG.somethingWentWrong)] }]);
      }
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      onState(await resendWithdrawalCode(eoCoinId));
      form.resetFields();
      message.success(WITHDRAW_OWN_MSG.codeResent);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open title={T.verifyTitle} onCancel={onClose} destroyOnHidden mask={{ closable: false }}
      footer={[
        <Button key="resend" onClick={resend} disabled={wait > 0 || busy !== null} loading={busy === 'resend'}>
          {wait > 0 ? T.resendIn(wait) : T.resend}
        </Button>,
        <Button key="verify" type="primary" onClick={() => form.submit()} loading={busy === 'verify'} disabled={busy === 'resend'}>{T.verify}</Button>,
      ]}
    >
      <Typography.Paragraph>{fill(WITHDRAW_OWN_MSG.codeSent, { email: maskEmail(state.email) })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T.waiting(formatRupiah(state.amount))}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={verify}>
        <Form.Item name="code" label={T.code} rules={[zodRule(withdrawalVerifySchema, 'code')]} validateTrigger="onSubmit">
          <Input.OTP length={WITHDRAW_CODE.digits} aria-label={T.code} inputMode="numeric" autoComplete="one-time-code" formatter={(s) => s.replace(/\D/g, '')} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
