import { expect, type APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeSubTypes, PROOF_OF_WORK, PROOF_OF_WORK_ADDRESS } from '@eo/contract';
import { apiToken } from './helpers';
import { pickerDay } from './wizard-helpers';

/** Events made through the API, as the wizard sends them, and the admin's review of them. */
export const ADMIN = 'admin@demo.id';

export const RADIO_QUESTION = { name: 'Asal sekolah?', type: 'radio', isRequired: true, options: [{ name: 'SMA', optionOrderNumber: 1 }, { name: 'Universitas', optionOrderNumber: 2 }] };

/** A complete submit payload (as the wizard sends it): an online Lomba with internal registration. */
export function payload(name: string, { paid = false, tickets = [{ name: 'Peserta Umum', startHour: '09:00', endHour: '12:00' }], questions = [RADIO_QUESTION] as object[] } = {}) {
  return {
    name, type: 'Lomba', subTypes: encodeSubTypes({ subCategories: [{ value: 'Esai' }], competitionFields: [{ value: 'Sastra' }] }), competitionField: ['Sastra'],
    description: 'Kompetisi esai untuk pelajar SMA dan mahasiswa.', imageUrl: '/files/poster.png',
    isPaidEvent: paid, allowRegister: true, registrationMethod: 'internal', experience: 'online',
    eventStreamQuestion: true, eventStreamLink: 'https://meet.example.org/esai',
    benefits: ['__FREE_CERTIFICATE__'], eligibilities: ['__HIGH_SCHOOL__'], stepsToRegister: ['__TAKE_SCREENSHOT__'],
    afterRegistSteps: ['__FILL_FEEDBACK_FORM__'], agreement: true, twibbonRequired: false,
    eventOrganizer: { name: 'Komunitas Literasi', email: 'eo@literasi.id', confirmEmail: 'eo@literasi.id', phoneNumber: '6281234567890', phoneNumberExist: true, instagramProfileExist: false },
    registrationSteps: [],
    tickets: tickets.map((t) => ({
      name: t.name, originalQuotaType: 'limited', originalQuota: 100,
      dates: [{ date: pickerDay(30), startHour: t.startHour, endHour: t.endHour }], eventTimeType: 'Single Time',
      registrationDeadline: { date: pickerDay(20), hour: '23:00' }, type: paid ? 'paid' : 'free', price: paid ? 50000 : 0, maxTicketPerUser: -1,
      registrationSteps: questions,
    })),
  };
}

export async function submit(request: APIRequestContext, token: string, body: object, path = '/v1/events/create') {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.result as { id: string; tickets: { id: string }[] };
}

export async function decide(request: APIRequestContext, id: string, body: object) {
  const admin = await apiToken(request, ADMIN);
  const res = await request.post(`/v1/admin/events/${id}/approval`, { headers: { authorization: `Bearer ${admin}` }, data: body });
  expect(res.status()).toBe(200);
}

/**
 * A public registration as the event page's script sends it (`POST /v1/public/events/{id}/registrations`):
 * with a challenge from `GET /v1/public/challenge`, solved here by altcha-lib at the server's real cost.
 */
export async function registerPublic(request: APIRequestContext, eventId: string, body: object) {
  const challenge = (await (await request.get(PROOF_OF_WORK_ADDRESS.challenge.path)).json()).data.result;
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return request.post(`/v1/public/events/${eventId}/registrations`, { data: { ...body, [PROOF_OF_WORK.bodyField]: altcha } });
}
