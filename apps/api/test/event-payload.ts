import { encodeSubTypes, wibDay } from '@eo/contract';

const DAY = 86_400_000;
export const dayFromNow = (n: number) => wibDay(new Date(Date.now() + n * DAY));

/** A complete, valid submit payload: a paid internal Lomba with one limited ticket and a radio question. */
export function validEventPayload(): any {
  return {
    name: 'Lomba Esai Nasional 2027',
    type: 'Lomba',
    subTypes: encodeSubTypes({ subCategories: [{ value: 'Esai' }], competitionFields: [{ value: 'Sastra' }] }),
    competitionField: ['Sastra'],
    description: 'Kompetisi esai untuk pelajar SMA dan mahasiswa seluruh Indonesia.',
    imageUrl: '/files/poster.png',
    isPaidEvent: true,
    allowRegister: true,
    registrationMethod: 'internal',
    experience: 'online',
    eventStreamQuestion: true,
    eventStreamLink: 'https://meet.example.org/esai',
    benefits: ['__FREE_CERTIFICATE__'],
    eligibilities: ['__HIGH_SCHOOL__'],
    stepsToRegister: ['__TAKE_SCREENSHOT__'],
    afterRegistSteps: ['__JOIN_WHATSAPP_GROUP__'],
    whatsAppGroupLink: 'https://chat.whatsapp.com/abc',
    agreement: true,
    twibbonRequired: false,
    eventOrganizer: {
      name: 'Komunitas Literasi', email: 'eo@literasi.id', confirmEmail: 'eo@literasi.id',
      phoneNumber: '6281234567890', phoneNumberExist: true, instagramProfileExist: false,
    },
    registrationSteps: [],
    tickets: [{
      name: 'Peserta Umum',
      originalQuotaType: 'limited',
      originalQuota: 100,
      dates: [{ date: dayFromNow(30), startHour: '09:00', endHour: '12:00' }],
      eventTimeType: 'Single Time',
      registrationDeadline: { date: dayFromNow(20), hour: '23:00' },
      type: 'paid',
      price: 50000,
      fakePrice: 75000,
      maxTicketPerUser: 2,
      registrationSteps: [{
        name: 'Asal sekolah?', type: 'radio', isRequired: true,
        options: [{ name: 'SMA', optionOrderNumber: 1 }, { name: 'Universitas', optionOrderNumber: 2 }],
      }],
    }],
  };
}

/** Sets a dotted path (`tickets.0.name`) on a deep copy. */
export function withValue(payload: any, dotted: string, value: unknown): any {
  const copy = structuredClone(payload);
  const keys = dotted.split('.');
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k];
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** The event detail answer as the wizard sends it back in an edit. */
export function detailAsPayload(d: any): any {
  const { creatorProfile: _c, approvedStatus: _a, isDraft: _d, isOfficial: _o, id: _i, tag: _t, subType: _s, subTypeDesc: _sd, twibbonCustomKey: _k,
    firstEventAt: _f, lastEventAt: _l, createdAt: _ca, updatedAt: _u, deletedAt: _del, revision: _r, ...rest } = d;
  return {
    ...rest,
    eventOrganizer: { ...d.eventOrganizer, confirmEmail: d.eventOrganizer.email },
    tickets: d.tickets.map(({ eventId: _e, quota: _q, ticketCount: _n, ...tk }: Record<string, unknown>) => tk),
  };
}
