import { describe, expect, it } from 'vitest';
import { revisionChanges, withoutRevision, withRevision, type PublicParts } from './revision-rules.js';

type Ticket = PublicParts['tickets'][number] & { originalQuota?: number };
type Event = Omit<PublicParts, 'tickets'> & { tickets: Ticket[]; name: string };

const base: Event = {
  name: 'Lomba Esai',
  tickets: [{ id: 't1', name: 'Umum', originalQuota: 10, registrationSteps: [{ id: 'q1', name: 'Asal sekolah?', type: 'radio', options: [{ name: 'SMA' }] }] }],
  registrationSteps: [],
  benefits: ['__FREE_CERTIFICATE__'], additionalBenefit: [], eligibilities: [], additionalEligibility: [],
  stepsToRegister: [], additionalStepsToRegister: [], afterRegistSteps: ['__JOIN_WHATSAPP_GROUP__'], additionalAfterRegistSteps: [],
  whatsAppGroupLink: 'https://chat.whatsapp.com/a', eventStreamQuestion: false, eventStreamLink: null,
  experience: 'offline', location: 'Aula', twibbonRequired: false, twibbon: null,
};
const edited = (change: (e: Event) => void) => {
  const e = structuredClone(base);
  change(e);
  return e;
};

describe('revisionChanges', () => {
  it.each<[string, (e: Event) => void, string[]]>([
    ['nothing held (the name is the re-approval rule\'s, a quota is operational)', (e) => { e.name = 'Lain'; e.tickets[0].originalQuota = 5; }, []],
    ['blank and null alike', (e) => { e.eventStreamLink = ''; e.location = ' Aula '; }, []],
    ['a hidden twibbon', (e) => { e.twibbon = { caption: 'x', guide: [] }; }, []],
    ['a ticket name', (e) => { e.tickets[0].name = 'KLAIM HADIAH'; }, ['Ticket name']],
    ['a new ticket', (e) => { e.tickets.push({ name: 'VIP', registrationSteps: [] }); }, ['Ticket name']],
    ['a question option', (e) => { e.tickets[0].registrationSteps = [{ ...e.tickets[0].registrationSteps[0], options: [{ name: 'PIN ATM' }] }]; }, ['Registration questions']],
    ['a general question', (e) => { e.registrationSteps = [{ name: 'Nomor rekening?', type: 'text' }]; }, ['Registration questions']],
    ['the WhatsApp group and the place', (e) => { e.whatsAppGroupLink = 'https://chat.whatsapp.com/b'; e.locationNotes = 'Lantai 2'; }, ['WhatsApp group link', 'Location']],
    ['a shown twibbon', (e) => { e.twibbonRequired = true; e.twibbon = { caption: 'x', guide: [] }; }, ['Twibbon']],
  ])('%s', (_what, change, labels) => expect(revisionChanges(base, edited(change)).map((c) => c.label)).toEqual(labels));

  it('gives both values as the admin reads them', () => {
    expect(revisionChanges(base, edited((e) => { e.benefits = ['__FREE_CERTIFICATE__', '__FREE_NETWORKING__']; e.additionalBenefit = ['Kaos']; })))
      .toEqual([{ label: 'Benefits', before: '__FREE_CERTIFICATE__', after: '__FREE_CERTIFICATE__\n__FREE_NETWORKING__\nKaos' }]);
  });
});

describe('withoutRevision and withRevision', () => {
  const sent = edited((e) => {
    e.name = 'Lomba Esai';
    e.tickets[0].name = 'KLAIM HADIAH';
    e.tickets[0].originalQuota = 30;
    e.tickets.push({ name: 'VIP', registrationSteps: [], originalQuota: 5 });
    e.whatsAppGroupLink = 'https://chat.whatsapp.com/b';
  });

  it('applies the operational parts now and keeps the public ones; a new ticket waits whole', () => {
    const now = withoutRevision(sent, base);
    expect(now.tickets).toEqual([{ ...base.tickets[0], originalQuota: 30 }]);
    expect(now.whatsAppGroupLink).toBe(base.whatsAppGroupLink);
    expect(revisionChanges(base, now)).toEqual([]);
  });

  it('a removed ticket goes at once', () => {
    expect(withoutRevision(edited((e) => { e.tickets = []; }), base).tickets).toEqual([]);
  });

  it('publishing puts the revision over the current event: its names, its new tickets, the current quotas', () => {
    const current = edited((e) => { e.tickets[0].originalQuota = 40; });
    const published = withRevision(current, sent);
    expect(published.tickets.map((t) => [t.name, t.originalQuota])).toEqual([['KLAIM HADIAH', 40], ['VIP', 5]]);
    expect(published.whatsAppGroupLink).toBe('https://chat.whatsapp.com/b');
    expect(revisionChanges(sent, published)).toEqual([]);
  });
});
