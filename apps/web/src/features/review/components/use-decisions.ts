import { useState } from 'react';
import { App } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { REVIEW_TEXT } from '@eo/contract';
import { errorText } from '../../../lib/api-client';

interface Confirm { title: string; body: (name: string) => string; ok: string }

/**
 * A queue's two decisions: approving after a confirmation, rejecting through the reason dialog
 * (`rejecting` is the item it is open for). The server's message is the toast either way.
 */
export function useDecisions<I extends { id: string; name: string }, B>(
  decide: UseMutationResult<string, unknown, { id: string; body: B }>, confirm: Confirm, approval: B,
) {
  const { message, modal } = App.useApp();
  const [rejecting, setRejecting] = useState<I | null>(null);
  const send = (item: I, body: B) =>
    decide.mutateAsync({ id: item.id, body }).then(
      (text) => {
        void message.success(text);
        setRejecting(null);
      },
      (err: unknown) => void message.error(errorText(err)),
    );
  const approve = (item: I) => modal.confirm({
    title: confirm.title, content: confirm.body(item.name || '-'), okText: confirm.ok, cancelText: REVIEW_TEXT.cancel,
    onOk: () => send(item, approval),
  });
  return { rejecting, setRejecting, send, approve };
}
