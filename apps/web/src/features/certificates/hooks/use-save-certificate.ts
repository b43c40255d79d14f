import { useState } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CERT_ATTENDEES_MSG, CERT_MSG, EVENT_RESULT_MSG, REDIRECT_DELAY_MS, type CertificatePayload } from '@eo/contract';
import { saveErrorText } from '../../../lib/api-client';
import { republishCertificate } from '../api/republish-certificate';
import { saveCertificate } from '../api/save-certificate';

export type CertSaveKind = 'create' | 'edit' | 'createDraft' | 'editDraft';

/** Spec sections 4 and 8: the toasts of each case. */
export const SAVE_OUTCOME: Record<CertSaveKind, { ok: string; failed: string }> = {
  create: { ok: CERT_MSG.created, failed: CERT_MSG.createFailed },
  edit: { ok: CERT_MSG.edited, failed: CERT_MSG.editFailed },
  createDraft: { ok: CERT_MSG.draftCreated, failed: CERT_MSG.draftCreateFailed },
  editDraft: { ok: CERT_MSG.draftEdited, failed: CERT_MSG.draftEditFailed },
};

export const certSaveKind = (id: string | undefined, isDraft: boolean): CertSaveKind =>
  id ? (isDraft ? 'editDraft' : 'edit') : isDraft ? 'createDraft' : 'create';

/** Publishing an attendees certificate again (to those checked in since). */
const REPUBLISH_OUTCOME = { ok: CERT_ATTENDEES_MSG.republished, failed: CERT_ATTENDEES_MSG.republishFailed };

/** Creates or updates (or publishes again); on success two toasts, then `/certificate` after 2 s. */
export function useSaveCertificate(id: string | undefined) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);
  const [saved, setSaved] = useState(false);

  const run = async (kind: 'draft' | 'publish', outcome: { ok: string; failed: string }, send: () => Promise<unknown>) => {
    setSaving(kind);
    try {
      await send();
      setSaved(true);
      message.success(outcome.ok);
      message.info(CERT_MSG.redirect);
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      setTimeout(() => navigate('/certificate'), REDIRECT_DELAY_MS);
    } catch (err) {
      message.error(`${outcome.failed}: ${saveErrorText(err, EVENT_RESULT_MSG.timedOut)}`);
    } finally {
      setSaving(null);
    }
  };

  const save = (payload: CertificatePayload) =>
    run(payload.isDraft ? 'draft' : 'publish', SAVE_OUTCOME[certSaveKind(id, payload.isDraft)], () => saveCertificate(payload, id));
  const republish = () => run('publish', REPUBLISH_OUTCOME, () => republishCertificate(id!));

  return { save, republish, saving, saved };
}
