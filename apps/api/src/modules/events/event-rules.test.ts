import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { dayFromNow, validEventPayload, withValue } from '../../../test/event-payload.js';
import { encodeSubTypes } from '@eo/contract';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
});
afterAll(() => t.close());

const submit = (payload: any) => call(t.app, { method: 'POST', url: '/v1/events/create', token, payload });
const draft = (payload: any) => call(t.app, { method: 'POST', url: '/v1/events/draft/create', token, payload });
const base = validEventPayload();
const long = (n: number) => 'x'.repeat(n);

/** [rule, mutate, path, message]: every rule of spec section 5 for events, run against the API. */
type Row = [string, (p: any) => any, string, string];
const set = (path: string, value: unknown) => (p: any) => withValue(p, path, value);

const GENERAL: Row[] = [
  ['name required', set('name', ''), 'name', 'Missing event name'],
  ['name max 120', set('name', long(121)), 'name', 'Maximum 120 characters'],
  ['image required', set('imageUrl', undefined), 'imageUrl', 'Missing event image'],
  ['category required', set('type', undefined), 'type', 'Missing event category'],
  ['custom category needs its text', set('type', 'Lainnya'), 'type', 'Missing event category'],
  ['custom category max 40', (p) => ({ ...p, type: 'Lainnya', typeDesc: long(41) }), 'typeDesc', 'Maximum 40 characters'],
  ['sub category required', set('subTypes', encodeSubTypes({ competitionFields: [{ value: 'Sastra' }] })), 'subTypes', 'Missing sub category'],
  ['competition field required for Lomba', (p) => ({ ...p, subTypes: encodeSubTypes({ subCategories: [{ value: 'Esai' }] }), competitionField: [] }), 'competitionField', 'Missing competition field'],
  ['EO name required', set('eventOrganizer.name', ''), 'eventOrganizer.name', 'EO name is required'],
  ['EO name max 60', set('eventOrganizer.name', long(61)), 'eventOrganizer.name', 'Maximum 60 characters'],
  ['EO email required', (p) => withValue(withValue(p, 'eventOrganizer.email', ''), 'eventOrganizer.confirmEmail', ''), 'eventOrganizer.email', 'EO email is required'],
  ['EO email pattern', set('eventOrganizer.email', 'not-an-email'), 'eventOrganizer.email', 'Email is invalid'],
  ['confirm email required', set('eventOrganizer.confirmEmail', ''), 'eventOrganizer.confirmEmail', 'Missing matching email'],
  ['confirm email equal', set('eventOrganizer.confirmEmail', 'other@literasi.id'), 'eventOrganizer.confirmEmail', 'Email does not match'],
  ['a contact required', set('eventOrganizer.phoneNumberExist', false), 'eventOrganizer', 'Missing contact detail'],
  ['WA required when chosen', set('eventOrganizer.phoneNumber', ''), 'eventOrganizer.phoneNumber', 'WA needs to be filled'],
  ['WA starts with 8', set('eventOrganizer.phoneNumber', '6271234567'), 'eventOrganizer.phoneNumber', 'Please input your event organizer Whatsapp number correctly!'],
  ['WA at least 6', set('eventOrganizer.phoneNumber', '6281234'), 'eventOrganizer.phoneNumber', 'WA number must be at least 6 character'],
  ['WA at most 13', set('eventOrganizer.phoneNumber', '6281234567890123'), 'eventOrganizer.phoneNumber', 'Please input your event organizer Whatsapp number correctly!'],
  ['Instagram required when chosen', set('eventOrganizer.instagramProfileExist', true), 'eventOrganizer.instagramProfileUrl', 'Please input your event organizer Instagram link correctly'],
  ['Instagram is a profile URL', (p) => withValue(withValue(p, 'eventOrganizer.instagramProfileExist', true), 'eventOrganizer.instagramProfileUrl', 'https://example.com/x'), 'eventOrganizer.instagramProfileUrl', 'Please input your event organizer Instagram link correctly'],
];

const REGISTRATION: Row[] = [
  ['paid or free choice', set('isPaidEvent', null), 'isPaidEvent', 'Missing event type'],
  ['allow registration answer', set('allowRegister', null), 'allowRegister', 'Missing allow registration answer'],
  ['registration method', set('registrationMethod', null), 'registrationMethod', 'Missing registration method'],
  ['external link required', (p) => ({ ...p, registrationMethod: 'external' }), 'registrationUrl', 'Missing registration link'],
  ['external link http(s)', (p) => ({ ...p, registrationMethod: 'external', registrationUrl: 'ftp://x.id' }), 'registrationUrl', 'Invalid url (try using http or https)'],
  ['internal needs a ticket', set('tickets', []), 'tickets', 'At least 1 ticket must be made'],
  ['external needs a participant category', (p) => ({ ...p, registrationMethod: 'external', registrationUrl: 'https://daftar.id', tickets: [] }), 'tickets', "Participant category can't be empty"],
  ['ticket name', set('tickets.0.name', ''), 'tickets.0.name', 'Missing ticket name'],
  ['ticket name max 72', set('tickets.0.name', long(73)), 'tickets.0.name', 'Maximum 72 characters'],
  ['quota type', set('tickets.0.originalQuotaType', null), 'tickets.0.originalQuotaType', 'Missing quota type'],
  ['total tickets', set('tickets.0.originalQuota', null), 'tickets.0.originalQuota', 'Missing total tickets'],
  ['total max 9 digits', set('tickets.0.originalQuota', 1_000_000_000), 'tickets.0.originalQuota', 'Invalid data (Max 9 Digit)'],
  ['an event date', set('tickets.0.dates', []), 'tickets.0.dates', 'Missing event date'],
  ['date not before today', set('tickets.0.dates', [{ date: dayFromNow(-1) }]), 'tickets.0.dates.0.date', "Event date can't be before today"],
  ['start and end differ', set('tickets.0.dates.0.endHour', '09:00'), 'tickets.0.dates.0.endHour', "Start time and end time can't be same"],
  ['deadline date', set('tickets.0.registrationDeadline', { hour: '10:00' }), 'tickets.0.registrationDeadline.date', 'Missing deadline date'],
  ['deadline time', set('tickets.0.registrationDeadline.hour', null), 'tickets.0.registrationDeadline.hour', 'Missing deadline time'],
  ['deadline needs a date first', set('tickets.0.dates', []), 'tickets.0.registrationDeadline.date', 'You must fill event date first'],
  ['deadline before the last date', set('tickets.0.registrationDeadline', { date: dayFromNow(30), hour: '10:00' }), 'tickets.0.registrationDeadline.date', 'Registration deadline must be set before last event date'],
  ['price required when paid', set('tickets.0.price', null), 'tickets.0.price', 'Missing ticket price'],
  ['price 19 digits', set('tickets.0.price', 1e19), 'tickets.0.price', 'Price is invalid (Max 19 Digit)'],
  ['max per account 9 digits', set('tickets.0.maxTicketPerUser', 1_000_000_000), 'tickets.0.maxTicketPerUser', 'Invalid data (Max 9 Digit)'],
  ['question text', set('tickets.0.registrationSteps.0.name', ''), 'tickets.0.registrationSteps.0.name', 'Missing question'],
  ['question max 200', set('tickets.0.registrationSteps.0.name', long(201)), 'tickets.0.registrationSteps.0.name', 'Maximum 200 characters'],
  ['question description max 500', set('tickets.0.registrationSteps.0.description', long(501)), 'tickets.0.registrationSteps.0.description', 'Maximum 500 characters'],
  ['question type', set('tickets.0.registrationSteps.0.type', null), 'tickets.0.registrationSteps.0.type', 'Missing type'],
  ['file: max files', set('tickets.0.registrationSteps.0', { name: 'KTP', type: 'file', accept: ['pdf'] }), 'tickets.0.registrationSteps.0.maxFiles', 'Missing Max Files'],
  ['file: kind', set('tickets.0.registrationSteps.0', { name: 'KTP', type: 'file', maxFiles: 1 }), 'tickets.0.registrationSteps.0.accept', 'Missing File Type'],
  ['radio: two options', set('tickets.0.registrationSteps.0.options', [{ name: 'A' }]), 'tickets.0.registrationSteps.0.options', 'At least 2 option must be made'],
  ['option required', set('tickets.0.registrationSteps.0.options', [{ name: 'A' }, { name: ' ' }]), 'tickets.0.registrationSteps.0.options.1.name', 'Missing option'],
  ['option max 72', set('tickets.0.registrationSteps.0.options', [{ name: 'A' }, { name: long(73) }]), 'tickets.0.registrationSteps.0.options.1.name', 'Maximum 72 characters'],
  ['general question too', set('registrationSteps', [{ name: '', type: 'text' }]), 'registrationSteps.0.name', 'Missing question'],
];

const DETAILS: Row[] = [
  ['location type', set('experience', null), 'experience', 'Missing event location type'],
  ['location for offline', (p) => ({ ...p, experience: 'offline' }), 'location', 'Missing event location'],
  ['streaming answer', set('eventStreamQuestion', null), 'eventStreamQuestion', 'Missing streaming answer'],
  ['streaming link URL', set('eventStreamLink', 'meet'), 'eventStreamLink', 'Please correct your streaming link!'],
  ['location notes max 500', set('locationNotes', long(501)), 'locationNotes', 'Maximum 500 characters'],
  ['description required', set('description', ''), 'description', 'Missing event description'],
  ['description max 5000', set('description', long(5001)), 'description', 'Maximum 5000 characters'],
  ['additional step to register', set('additionalStepsToRegister', ['']), 'additionalStepsToRegister.0', 'Missing step to register'],
  ['additional step to register max 300', set('additionalStepsToRegister', [long(301)]), 'additionalStepsToRegister.0', 'Maximum 300 characters'],
  ['additional after-step', set('additionalAfterRegistSteps', ['']), 'additionalAfterRegistSteps.0', 'Missing additional step'],
  ['additional after-step max 200', set('additionalAfterRegistSteps', [long(201)]), 'additionalAfterRegistSteps.0', 'Maximum 200 characters'],
  ['WhatsApp group link required', set('whatsAppGroupLink', ''), 'whatsAppGroupLink', 'Please fill whatsapp group link'],
  ['WhatsApp group link URL', set('whatsAppGroupLink', 'chat'), 'whatsAppGroupLink', 'Please correct your WhatsApp Group link!'],
  ['a benefit', set('benefits', []), 'benefits', 'Missing event benefit'],
  ['additional benefit', set('additionalBenefit', ['']), 'additionalBenefit.0', 'Missing additional benefit'],
  ['additional benefit max 40', set('additionalBenefit', [long(41)]), 'additionalBenefit.0', 'Maximum 40 characters'],
  ['an eligibility', set('eligibilities', []), 'eligibilities', 'Missing eligibility'],
  ['additional eligibility max 40', set('additionalEligibility', [long(41)]), 'additionalEligibility.0', 'Maximum 40 characters'],
  ['agreement', set('agreement', false), 'agreement', 'You have to agree to the terms and conditions'],
];

const twibbon = (tw: object) => (p: any) => ({ ...p, twibbonRequired: true, twibbon: { customKey: 'esai-2027', templateUrl: '/files/t.png', caption: 'Ikut!', guide: ['Unggah'], ...tw } });
const TWIBBON: Row[] = [
  ['template', twibbon({ templateUrl: null }), 'twibbon.templateUrl', 'Twibbon template is required'],
  ['custom key', twibbon({ customKey: '' }), 'twibbon.customKey', 'Custom key is required'],
  ['key pattern', twibbon({ customKey: 'esai 2027!' }), 'twibbon.customKey', 'Only allow alphanumeric, (-), (_)'],
  ['caption', twibbon({ caption: '' }), 'twibbon.caption', 'Caption twibbon is required'],
  ['caption max 5000', twibbon({ caption: long(5001) }), 'twibbon.caption', 'Maximum 5000 characters'],
  ['a guideline', twibbon({ guide: [] }), 'twibbon.guide', 'Twibbon Guideline is required'],
  ['each guideline', twibbon({ guide: ['Unggah', ''] }), 'twibbon.guide.1', 'Missing Guideline'],
];

describe.each([
  ['Event, general info', GENERAL],
  ['Registration and tickets', REGISTRATION],
  ['Location and details', DETAILS],
  ['Twibbon', TWIBBON],
])('%s (submit)', (_section, rows) => {
  it.each(rows)('%s', async (_rule, mutate, path, message) => {
    const res = await submit(mutate(base));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
  });
});

describe('before publish', () => {
  it('the valid payload is accepted', async () => {
    const res = await submit(base);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Upload Event Success!');
  });

  it('lists everything a submit misses in one message', async () => {
    const res = await submit({ agreement: true, eventOrganizer: { phoneNumberExist: false, instagramProfileExist: false } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Missing this required fields: Poster, Event Name, Description, Category/Sub Category, Location, Paid Event, Registration Method, Benefits, Eligibilities, EO Name, EO Email, EO Contact',
    );
  });

  it('names the agreement first when it is missing, in drafts too', async () => {
    expect((await submit(withValue(base, 'agreement', false))).body.message).toBe('You must agree to the terms and conditions');
    const d = await draft({ name: 'Draf' });
    expect(d.status).toBe(400);
    expect(d.body.message).toBe('You must agree to the terms and conditions');
  });
});

describe('drafts', () => {
  it('accept incomplete data', async () => {
    const res = await draft({ name: 'Ide event', agreement: true });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Save as Draft Success!');
    expect(res.body.data.result).toMatchObject({ name: 'Ide event', isDraft: true, tickets: [] });
  });

  it('never accept invalid data', async () => {
    for (const [payload, path, message] of [
      [{ name: long(121), agreement: true }, 'name', 'Maximum 120 characters'],
      [{ agreement: true, eventStreamLink: 'nope' }, 'eventStreamLink', 'Please correct your streaming link!'],
      [{ agreement: true, tickets: [{ name: 'A', dates: [{ date: dayFromNow(3), startHour: '10:00', endHour: '10:00' }] }] }, 'tickets.0.dates.0.endHour', "Start time and end time can't be same"],
      [{ agreement: true, registrationSteps: [{ name: 'Pilih', type: 'radio', options: [{ name: 'A' }] }] }, 'registrationSteps.0.options', 'At least 2 option must be made'],
    ] as const) {
      const res = await draft(payload);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
  });

  it('refuse wrong types and unknown enum values with 400, not 500', async () => {
    for (const payload of [{ agreement: 'yes' }, { agreement: true, tickets: 'many' }, { agreement: true, type: 'Konser' }, { agreement: true, benefits: ['__FREE_PIZZA__'] }, []]) {
      expect((await draft(payload)).status).toBe(400);
    }
  });
});
