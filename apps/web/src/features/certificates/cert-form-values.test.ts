import { describe, expect, it } from 'vitest';
import { CERT_ATTENDEES_MSG, certificatePayloadSchema } from '@eo/contract';
import { defaultValues, fromCertificate, groupNameOf, toPayload } from './cert-form-values';
import { certificate } from './certificates.fixture';
import { certSaveKind, SAVE_OUTCOME } from './hooks/use-save-certificate';

describe('certificate form values', () => {
  it('starts from the spec defaults (section 9)', () => {
    expect(defaultValues()).toEqual({
      serialNumberPrefix: '000-000-000-000', font: 'Quicksand', serialSize: 70, recipientSize: 120, color: '000000', serialMaxChars: 30, recipientMaxChars: 24,
    });
  });

  it('round-trips a stored certificate into a valid payload', () => {
    const stored = certificate();
    const { values, extras } = fromCertificate(stored);
    const body = toPayload(values, extras, false);
    expect(certificatePayloadSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      isDraft: false, eventId: 'e1', recipientType: 'csv', templateBackgroundUrl: '/files/templates/t.png', serialNumberPrefix: 'WK-2026', groupName: 'Peserta Batch 1',
      recipientCsv: { fileName: 'Peserta Batch 1.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 12, columns: ['Nama', 'Email'] },
    });
    expect(body.templateObjects).toEqual(stored.templateObjects);
  });

  it('sends nulls for what a draft leaves out, and no CSV unless the recipient type is CSV', () => {
    const body = toPayload({ ...defaultValues(), serialNumberPrefix: '  ' }, {
      csv: { fileUrl: '/f.csv', fileName: 'a.csv', columns: ['a'], totalRecipient: 1 },
      template: { url: '/t.png', size: { width: 1000, height: 700 } }, boxes: null,
    }, true);
    expect(body).toMatchObject({ isDraft: true, eventId: null, recipientType: null, recipientCsv: null, serialNumberPrefix: null });
    expect(certificatePayloadSchema.safeParse(body).success).toBe(true);
    expect(body.templateObjects.map((o) => o.textStyle)).toEqual([
      { font: 'Quicksand', size: 120, color: '000000', charLength: 24 },
      { font: 'Quicksand', size: 70, color: '000000', charLength: 30 },
    ]);
  });

  it.each([
    ['Peserta Batch 1.csv', 'Peserta Batch 1'],
    ['DATA.CSV', 'DATA'],
    ['.csv', null],
  ])('group name of %s is %s', (fileName, expected) => {
    expect(groupNameOf({ fileUrl: '/f', fileName, columns: [], totalRecipient: 0 })).toBe(expected);
  });

  it('names an attendees batch for the list, whatever CSV was chosen before', () => {
    expect(groupNameOf({ fileUrl: '/f', fileName: 'Lama.csv', columns: [], totalRecipient: 0 }, 'attendees')).toBe(CERT_ATTENDEES_MSG.groupName);
    expect(groupNameOf(null, 'attendees')).toBe(CERT_ATTENDEES_MSG.groupName);
  });

  it.each([
    [undefined, true, 'createDraft', 'Save as Draft Success!', 'Failed to create draft'],
    [undefined, false, 'create', 'Upload Certificate Success!', 'Failed to create certificate'],
    ['c1', true, 'editDraft', 'Edit Draft Success!', 'Failed to edit draft'],
    ['c1', false, 'edit', 'Edit Certificate Success!', 'Failed to edit certificate'],
  ] as const)('save of id %s, draft %s: %s', (id, isDraft, kind, ok, failed) => {
    expect(certSaveKind(id, isDraft)).toBe(kind);
    expect(SAVE_OUTCOME[kind]).toEqual({ ok, failed });
  });
});
