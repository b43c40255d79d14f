import { eventOrganizerSchema, eventPayloadSchema, twibbonSchema, WA_DIGITS } from '@eo/contract';
import type { z } from 'zod';

/** The longest text a contract schema accepts, looking through optional/nullable/default/array wrappers. */
function maxOf(schema: z.ZodType): number | undefined {
  let s: unknown = schema;
  while (s && typeof (s as { unwrap?: unknown }).unwrap === 'function') s = (s as { unwrap: () => unknown }).unwrap();
  return (s as { maxLength?: number | null })?.maxLength ?? undefined;
}

const e = eventPayloadSchema.shape;
const eo = eventOrganizerSchema.shape;
const tw = twibbonSchema.shape;

/** Input lengths of the wizard, read from the schemas that judge them (never written twice). */
export const LIMIT = {
  name: maxOf(e.name),
  customText: maxOf(e.typeDesc),
  eoName: maxOf(eo.name),
  email: maxOf(eo.email),
  whatsapp: WA_DIGITS.max,
  instagram: maxOf(eo.instagramProfileUrl),
  url: maxOf(e.registrationUrl),
  location: maxOf(e.location),
  notes: maxOf(e.locationNotes),
  description: maxOf(e.description),
  benefit: maxOf(e.additionalBenefit),
  eligibility: maxOf(e.additionalEligibility),
  step: maxOf(e.additionalStepsToRegister),
  afterStep: maxOf(e.additionalAfterRegistSteps),
  customKey: maxOf(tw.customKey),
  caption: maxOf(tw.caption),
  guide: maxOf(tw.guide),
} as const;
