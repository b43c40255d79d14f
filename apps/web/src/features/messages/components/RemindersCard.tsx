import { useState } from 'react';
import { Alert, App, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { BROADCAST_MSG as M, BROADCAST_TEXT as T, fill, type MessagePreview } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { messageKeys, saveReminders, useReminders, type RemindersBody } from '../api/messages';
import { previewDialog } from './PreviewView';

type Which = keyof RemindersBody;

/**
 * "Pengingat otomatis": H-1 for every event, one hour before for an online one; each
 * on or off (by the roles that send), with what it would send.
 */
export function RemindersCard({ eventId, canSend }: { eventId: string; canSend: boolean }) {
  const query = useReminders(eventId);
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const [saving, setSaving] = useState<Which | null>(null);
  const r = query.data;

  const toggle = async (which: Which, on: boolean) => {
    if (!r) return;
    setSaving(which);
    try {
      const saved = await saveReminders(eventId, { dayBefore: r.dayBefore, hourBefore: r.hourBefore, [which]: on });
      client.setQueryData(messageKeys.reminders(eventId), saved.reminders);
      message.success(saved.message ?? M.remindersSaved);
    } catch (err) {
      message.error(fill(T.failed, { reason: errorText(err) }));
    } finally {
      setSaving(null);
    }
  };

  const row = (which: Which, label: string, preview: MessagePreview | null, disabled: boolean, note?: string) => (
    <li className="messages-reminder">
      <div className="messages-reminder-main">
        {/* A native switch (antd's Switch would add a chunk to the entry's preload list, which every route loads: docs/performance.md, Web). */}
        <input
          type="checkbox" role="switch" className="messages-switch" id={`pengingat-${which}`} checked={Boolean(r?.[which])}
          disabled={!canSend || disabled || !r || saving !== null} aria-busy={saving === which}
          onChange={(e) => void toggle(which, e.target.checked)} aria-describedby={note ? `pengingat-${which}-note` : undefined}
        />
        <label htmlFor={`pengingat-${which}`}>{label}</label>
      </div>
      {note && <p className="messages-muted" id={`pengingat-${which}-note`}>{note}</p>}
      {preview && <div><Button size="small" onClick={() => modal.info(previewDialog(preview))} aria-label={`${T.showReminder}: ${label}`}>{T.showReminder}</Button></div>}
    </li>
  );

  return (
    <section className="messages-card" aria-labelledby="pesan-pengingat">
      <h2 className="messages-heading" id="pesan-pengingat">{T.reminders}</h2>
      {query.error && <Alert type="error" showIcon title={errorText(query.error)} />}
      {r && (
        <ul className="messages-reminders">
          {row('dayBefore', T.dayBefore, r.previews.dayBefore, false)}
          {row('hourBefore', T.hourBefore, r.online ? r.previews.hourBefore : null, !r.online, r.online ? undefined : T.hourBeforeOffline)}
        </ul>
      )}
    </section>
  );
}
