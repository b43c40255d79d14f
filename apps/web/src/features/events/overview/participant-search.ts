import { registrantFiltersSchema } from '@eo/contract';
import type { SearchField } from './api/get-registrants';

/** The spec's message when the search text breaks its field's rule (spec section 5, Participant search), else null. */
export function searchProblem(field: SearchField, value: string): string | null {
  const result = registrantFiltersSchema.shape[field].safeParse(value);
  return result.success ? null : result.error.issues[0]?.message ?? null;
}
