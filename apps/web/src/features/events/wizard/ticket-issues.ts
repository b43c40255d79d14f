import { eventIssues, ticketFormIssues, ticketSchema, type EventPayload, type TicketInput } from '@eo/contract';

export interface TicketContext {
  isPaidEvent: boolean;
  /** Internal registration asks for quota and max per account. */
  internal: boolean;
  registrationMethod: 'internal' | 'external' | null;
  today: string | null;
  /** Categories stored on a submitted event: their locked dates are not judged against today. */
  storedTicketIds?: readonly string[];
}

/**
 * The participant-category modal's messages, keyed by the path inside the ticket
 * (`name`, `dates.0.date`, `registrationSteps.1.options.0.name`): the contract's ticket schema,
 * the submit rules of `eventIssues` for one ticket, and the modal's own checks.
 */
export function ticketIssues(t: TicketInput, ctx: TicketContext): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const list = out.get(path) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(path, list);
  };
  const parsed = ticketSchema.safeParse(t);
  if (!parsed.success) parsed.error.issues.forEach((i) => add(i.path.join('.'), i.message));
  const ticket = parsed.success ? parsed.data : t;
  const event = {
    isPaidEvent: ctx.isPaidEvent, allowRegister: true, registrationMethod: ctx.registrationMethod,
    tickets: [ticket], sessions: [], registrationSteps: [], subTypes: [], competitionField: [], benefits: [], additionalBenefit: [],
    eligibilities: [], additionalEligibility: [], stepsToRegister: [], additionalStepsToRegister: [],
    afterRegistSteps: [], additionalAfterRegistSteps: [], eventOrganizer: {}, agreement: true, twibbon: null,
  } as unknown as EventPayload;
  for (const i of eventIssues(event, 'submit', { today: ctx.today, storedTicketIds: ctx.storedTicketIds })) {
    if (i.path.startsWith('tickets.0.')) add(i.path.slice('tickets.0.'.length), i.message);
  }
  ticketFormIssues(ticket, ctx).forEach((i) => add(i.path, i.message));
  return out;
}
