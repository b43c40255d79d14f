import { useState } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_MSG, EVENT_RESULT_MSG as R, REDIRECT_DELAY_MS, type EventPayloadInput } from '@eo/contract';
import { ApiError, saveErrorText } from '../../../../lib/api-client';
import { saveEvent, type SaveKind } from '../../api/save-event';

export type WizardMode = { kind: 'create' } | { kind: 'edit'; id: string; isDraft: boolean };
export type SaveAction = 'submit' | 'draft';

/** Spec sections 4 and 8: which call, which toasts, where to go 2 s later. */
const OUTCOME: Record<SaveKind, { ok: string; failed: string; info: string; to: (id: string) => string }> = {
  create: { ok: R.created, failed: R.createFailed, info: R.redirectEvent, to: () => '/event' },
  publishDraft: { ok: R.created, failed: R.createFailed, info: R.redirectEvent, to: () => '/event' },
  edit: { ok: R.edited, failed: R.editFailed, info: R.redirectEvent, to: (id) => `/event/active/overview/${id}` },
  createDraft: { ok: R.draftCreated, failed: R.draftCreateFailed, info: R.redirectDraft, to: () => '/event/draft' },
  editDraft: { ok: R.draftEdited, failed: R.draftEditFailed, info: R.redirectDraft, to: (id) => `/event/draft/overview/${id}` },
};

export function saveKind(mode: WizardMode, action: SaveAction): SaveKind {
  if (mode.kind === 'create') return action === 'draft' ? 'createDraft' : 'create';
  if (mode.isDraft) return action === 'draft' ? 'editDraft' : 'publishDraft';
  return 'edit';
}

/**
 * Saves the event. Returns the server's field messages on a refused save (so the wizard can
 * show them under their fields), or null.
 */
export function useSaveEvent(mode: WizardMode, onSaved: () => void) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<SaveAction | null>(null);

  const save = async (action: SaveAction, payload: EventPayloadInput): Promise<{ path?: string; message: string }[] | null> => {
    if (!payload.agreement) {
      message.error(EVENT_MSG.agreementNotice);
      return null;
    }
    const kind = saveKind(mode, action);
    const outcome = OUTCOME[kind];
    setSaving(action);
    try {
      const saved = await saveEvent(kind, payload, mode.kind === 'edit' ? mode.id : undefined);
      onSaved();
      // An approved event's public-facing edit waits for the admin: the server says so (API.md, Admin).
      message.success(saved.revision ? R.editedAwaitingReview : outcome.ok);
      message.info(outcome.info);
      await queryClient.invalidateQueries({ queryKey: ['events'] });
      setTimeout(() => navigate(outcome.to(saved.id)), REDIRECT_DELAY_MS);
      return null;
    } catch (err) {
      setSaving(null);
      message.error(`${outcome.failed}: ${saveErrorText(err, R.timedOut)}`);
      return err instanceof ApiError ? err.body.errors ?? [] : [];
    }
  };

  return { save, saving };
}
