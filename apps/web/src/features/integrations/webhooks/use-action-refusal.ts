import { useState } from 'react';
import { App } from 'antd';
import { errorText } from '../../../lib/api-client';

/**
 * Runs a webhook action: its success said as a toast, its refusal kept (`refusal`) for the
 * section's alert until the next action or `clear`.
 */
export function useActionRefusal() {
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<string>();
  const run = async (p: Promise<unknown>, done: string) => {
    setRefusal(undefined);
    try {
      await p;
      void message.success(done);
    } catch (err) {
      setRefusal(errorText(err));
    }
  };
  return { refusal, run, clear: () => setRefusal(undefined) };
}
