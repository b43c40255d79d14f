import { describe, expect, it } from 'vitest';
import { eventIssues } from './event-issues.js';
import { eventPayloadSchema } from './schemas/event.js';
import { encodeSubTypes } from './sub-types.js';

const base = () => eventPayloadSchema.parse({
  name: 'Lomba', type: 'Lomba', subTypes: encodeSubTypes({ subCategories: [{ value: 'Debat' }], competitionFields: [{ value: 'Hukum' }] }), competitionField: ['Hukum'],
  description: 'x', imageUrl: '/files/p.png', isPaidEvent: true, allowRegister: true, registrationMethod: 'internal',
  experience: 'online', eventStreamQuestion: false, benefits: ['__FREE_CERTIFICATE__'], eligibilities: ['__PUBLIC__'], agreement: true,
  eventOrganizer: { name: 'EO', email: 'a@b.id', confirmEmail: 'a@b.id', phoneNumber: '628123456', phoneNumberExist: true },
  tickets: [{
    id: '0f2b4f1e-8a0c-4b6e-9a51-7d0c3f1e2a10', name: 'A', originalQuotaType: 'unlimited', type: 'paid', price: 20000,
    dates: [{ date: '2026-11-10' }], registrationDeadline: { date: '2026-11-09', hour: '10:00' },
  }],
});
const ctx = { today: '2026-11-21' };
const paths = (issues: { path: string; message: string }[]) => issues.map((i) => `${i.path}: ${i.message}`);

describe('eventIssues: rules beyond the fields', () => {
  it('judges past dates, except those of categories a submitted event already stores', () => {
    expect(paths(eventIssues(base(), 'submit', ctx))).toEqual(["tickets.0.dates.0.date: Event date can't be before today"]);
    expect(eventIssues(base(), 'submit', { ...ctx, storedTicketIds: ['0f2b4f1e-8a0c-4b6e-9a51-7d0c3f1e2a10'] })).toEqual([]);
    const added = { ...base(), tickets: [{ ...base().tickets[0], id: undefined }] };
    expect(paths(eventIssues(added, 'submit', { ...ctx, storedTicketIds: ['0f2b4f1e-8a0c-4b6e-9a51-7d0c3f1e2a10'] })))
      .toEqual(["tickets.0.dates.0.date: Event date can't be before today"]);
  });

  it('asks for the text of a Lainnya sub-category or competition field', () => {
    const e = { ...base(), subTypes: encodeSubTypes({ subCategories: [{ value: '', custom: true }], competitionFields: [{ value: '  ', custom: true }] }) };
    expect(paths(eventIssues(e, 'submit', { today: null }))).toEqual(['subTypes.0: Missing sub category', 'subTypes.1: Missing competition field']);
    expect(eventIssues({ ...e, subTypes: encodeSubTypes({ subCategories: [{ value: 'Robotik', custom: true }], competitionFields: [{ value: 'Seni', custom: true }] }) }, 'submit', { today: null })).toEqual([]);
  });

  it('refuses a paid event that does not register through the platform (spec section 1)', () => {
    const external = { ...base(), registrationMethod: 'external' as const, registrationUrl: 'https://x.id' };
    expect(paths(eventIssues(external, 'submit', { today: null }))).toContain('registrationMethod: Event berbayar harus memakai pendaftaran di platform kami');
    expect(paths(eventIssues({ ...base(), allowRegister: false, registrationMethod: null, tickets: [] }, 'submit', { today: null })))
      .toContain('registrationMethod: Event berbayar harus memakai pendaftaran di platform kami');
  });
});
