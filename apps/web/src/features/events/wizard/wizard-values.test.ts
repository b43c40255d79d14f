import { describe, expect, it } from 'vitest';
import { eventPayloadSchema } from '@eo/contract';
import { eventDetailFixture } from '../../../test/event-detail';
import { fromDetail, toPayload } from './wizard-values';

const ticket = {
  id: 't1', eventId: 'e1', name: 'Umum', originalQuotaType: 'limited', originalQuota: 10, quota: 10, dates: [{ date: '2027-01-10' }],
  eventTimeType: null, eventTimeSingle: null, registrationDeadline: null, type: 'free', price: 0, fakePrice: null, maxTicketPerUser: 1,
  ticketCount: 0, registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
};

describe('fromDetail', () => {
  it('starts from the waiting revision: the organizer edits what they last saved, not the public version', () => {
    const revision = eventPayloadSchema.parse({
      tickets: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Pelajar' }, { name: 'Guru' }],
      whatsAppGroupLink: null, benefits: ['__FREE_NETWORKING__'], twibbonRequired: true, twibbon: { caption: 'Ayo!', guide: [] },
    });
    const stored = eventDetailFixture({
      approvedStatus: 'approved', whatsAppGroupLink: 'https://chat.whatsapp.com/a', benefits: ['__FREE_CERTIFICATE__'],
      tickets: [{ ...ticket, id: '00000000-0000-4000-8000-000000000001' }],
      revision: { submittedAt: '2026-12-01T00:00:00.000Z', changes: [{ label: 'Ticket name', before: 'Umum', after: 'Pelajar\nGuru' }], payload: revision },
    });
    const v = fromDetail(stored);
    expect(v.tickets.map((t) => [t.name, t.originalQuota])).toEqual([['Pelajar', 10], ['Guru', undefined]]);
    expect(v.benefits).toEqual(['__FREE_NETWORKING__']);
    expect(v.whatsAppGroupLink).toBe('');
    expect(v.twibbon).toEqual({ templateUrl: null, customKey: '', caption: 'Ayo!', guide: [], posterUrl: null });
    expect(fromDetail({ ...stored, revision: null }).tickets.map((t) => t.name)).toEqual(['Umum']);
  });
});

describe('sessions from the detail to the payload', () => {
  it('keep their ids and instants, sent on the WIB clock', () => {
    const sessions = [
      { id: '00000000-0000-4000-8000-000000000011', name: 'Hari 1', startsAt: '2027-01-10T01:00:00.000Z', endsAt: '2027-01-10T05:00:00.000Z' },
      { id: '00000000-0000-4000-8000-000000000012', name: 'Hari 2', startsAt: '2027-01-11T01:30:00.000Z', endsAt: '2027-01-11T09:59:00.000Z' },
    ];
    const sent = toPayload(fromDetail(eventDetailFixture({ sessions }))).sessions ?? [];
    expect(sent).toEqual([
      { id: sessions[0].id, name: 'Hari 1', startsAt: '2027-01-10T08:00:00+07:00', endsAt: '2027-01-10T12:00:00+07:00' },
      { id: sessions[1].id, name: 'Hari 2', startsAt: '2027-01-11T08:30:00+07:00', endsAt: '2027-01-11T16:59:00+07:00' },
    ]);
    expect(sent.map((s) => [Date.parse(s.startsAt), Date.parse(s.endsAt)])).toEqual(sessions.map((s) => [Date.parse(s.startsAt), Date.parse(s.endsAt)]));
  });
});
