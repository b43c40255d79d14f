/**
 * The re-approval rule (API.md, Admin): an approved event whose name, description, poster,
 * category or organizer block is edited goes back to review (`pending`), and so does a rejected
 * event edited in any way (the organizer's answer to the rejection). One table feeds the wizard's
 * warning before saving and the server's decision.
 */

/** What the rule reads of an event: the payload's shape, as stored or as sent. */
export interface ReviewedEvent {
  name?: string | null;
  description?: string | null;
  imageUrl?: string | null;
  type?: string | null;
  typeDesc?: string | null;
  subTypes?: readonly string[] | null;
  competitionField?: readonly string[] | null;
  fieldDesc?: string | null;
  eventOrganizer?: {
    name?: string | null; email?: string | null;
    phoneNumber?: string | null; phoneNumberExist?: boolean | null;
    instagramProfileUrl?: string | null; instagramProfileExist?: boolean | null;
    organizationLogoUrl?: string | null;
  } | null;
}

const text = (v: string | null | undefined) => (v ?? '').trim();
const list = (v: readonly string[] | null | undefined) => (v ?? []).join('\u0000');

/** Each reviewed part with the label the wizard's warning names it by. */
export const REVIEWED_FIELDS: readonly { label: string; value: (e: ReviewedEvent) => string }[] = [
  { label: 'Event name', value: (e) => text(e.name) },
  { label: 'Description', value: (e) => text(e.description) },
  { label: 'Poster', value: (e) => text(e.imageUrl) },
  { label: 'Category', value: (e) => [text(e.type), text(e.typeDesc), list(e.subTypes), list(e.competitionField), text(e.fieldDesc)].join('\u0001') },
  {
    label: 'Event organizer',
    value: ({ eventOrganizer: o }) => [
      text(o?.name), text(o?.email).toLowerCase(),
      o?.phoneNumberExist ? text(o.phoneNumber) : '', o?.instagramProfileExist ? text(o.instagramProfileUrl) : '',
      text(o?.organizationLogoUrl),
    ].join('\u0001'),
  },
];

/** Labels of the reviewed parts that differ between the stored event and the edit. */
export function reviewedChanges(before: ReviewedEvent, after: ReviewedEvent): string[] {
  return REVIEWED_FIELDS.filter((f) => f.value(before) !== f.value(after)).map((f) => f.label);
}

/**
 * The review state after an edit of a submitted event: approved stays approved unless a reviewed
 * part changed; rejected goes back to review; pending stays pending.
 */
export function approvalAfterEdit(status: string, changes: readonly string[]): string {
  if (status === 'approved') return changes.length ? 'pending' : 'approved';
  if (status === 'rejected') return 'pending';
  return status;
}
