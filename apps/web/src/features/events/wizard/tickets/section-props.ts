import type { TicketForm } from './ticket-form';
import type { StatusOf, Touch } from './field-issues';

/** What every part of the ticket modal receives. */
export interface SectionProps {
  form: TicketForm;
  patch: (p: Partial<TicketForm>) => void;
  status: StatusOf;
  touch: Touch;
  /** Prefix for element ids, unique per modal. */
  idBase: string;
}
