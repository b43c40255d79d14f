import { decodeSubTypes } from '@eo/contract';

/** The first sub-category as the stored columns: `Debat` → sub type `Debat`; a custom one → `Lainnya` described as its text. */
export function subTypeColumns(subTypes: string[]): { subType: string | null; subTypeDesc: string | null } {
  const first = decodeSubTypes(subTypes).subCategories[0];
  if (!first) return { subType: null, subTypeDesc: null };
  return first.custom ? { subType: 'Lainnya', subTypeDesc: first.value } : { subType: first.value, subTypeDesc: null };
}
