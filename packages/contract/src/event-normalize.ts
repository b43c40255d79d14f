import { isChoice } from './choice-question.js';
import type { EventPayload } from './schemas/event.js';
import type { QuestionInput, TicketInput } from './schemas/event-ticket.js';

/**
 * What the server stores for a valid payload (spec sections 4 and 5, "On save"): the method is
 * cleared without registration; non-internal registration drops quota, total and max per user;
 * max per user is capped to the quota; a paid ticket without a price costs 0 and a ticket
 * costing 0 is free; options go for free-text questions; an empty description becomes null.
 * The API stores this and the wizard's participant-category modal hands it back.
 */
export function normalizeQuestion(q: QuestionInput): QuestionInput {
  const choice = isChoice(q.type);
  const file = q.type === 'file';
  return {
    ...q,
    name: q.name?.trim() ?? q.name,
    description: q.description?.trim() ? q.description.trim() : null,
    options: choice ? q.options.map((o, i) => ({ name: o.name.trim(), optionOrderNumber: o.optionOrderNumber ?? i + 1 })) : [],
    maxFiles: file ? q.maxFiles : null,
    accept: file ? q.accept : null,
  };
}

export function normalizeTicket(t: TicketInput, e: { isPaidEvent: boolean; internal: boolean }): TicketInput {
  let { originalQuotaType, originalQuota, maxTicketPerUser, price, type } = t;
  if (!e.internal) {
    originalQuotaType = 'unlimited';
    originalQuota = -1;
    maxTicketPerUser = -1;
  } else {
    if (originalQuotaType !== 'limited') originalQuota = -1;
    maxTicketPerUser = maxTicketPerUser ?? -1;
    if (originalQuotaType === 'limited' && originalQuota != null && originalQuota >= 0 && maxTicketPerUser > originalQuota) {
      maxTicketPerUser = originalQuota;
    }
  }
  if (!e.isPaidEvent) type = 'free';
  price = type === 'paid' ? Math.floor(price ?? 0) : 0;
  if (price === 0) type = 'free';
  return {
    ...t,
    name: t.name?.trim() ?? t.name,
    originalQuotaType: originalQuotaType ?? 'unlimited',
    originalQuota: originalQuota ?? -1,
    maxTicketPerUser,
    price,
    fakePrice: t.fakePrice == null ? null : Math.abs(Math.floor(t.fakePrice)),
    type: type ?? 'free',
    dates: [...t.dates].sort((a, b) => a.date.localeCompare(b.date)),
    registrationSteps: t.registrationSteps.map(normalizeQuestion),
  };
}

export function normalizeEvent(p: EventPayload): EventPayload {
  const allowRegister = p.allowRegister ?? null;
  const registrationMethod = allowRegister ? p.registrationMethod ?? null : null;
  const internal = registrationMethod === 'internal';
  const isPaidEvent = Boolean(p.isPaidEvent);
  return {
    ...p,
    allowRegister,
    registrationMethod,
    registrationUrl: registrationMethod === 'external' ? p.registrationUrl ?? null : null,
    eventStreamLink: p.experience === 'online' && p.eventStreamQuestion ? p.eventStreamLink ?? null : null,
    twibbon: p.twibbonRequired ? p.twibbon ?? null : null,
    registrationSteps: p.registrationSteps.map(normalizeQuestion),
    tickets: p.tickets.map((t) => normalizeTicket(t, { isPaidEvent, internal })),
  };
}
