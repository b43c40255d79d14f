/**
 * An event's `subTypes` (spec section 3) carry two lists in one array of strings:
 * `subCat_{value}` is the sub-category and `fieldComp_{value}` a competition field; a value the
 * organizer typed under `Lainnya` is marked `O_` (`subCat_O_Robotik`). This is the one place
 * that spells that encoding; everything else reads and writes `SubType`s.
 */
const SUB_CATEGORY = 'subCat_';
const COMPETITION_FIELD = 'fieldComp_';
const CUSTOM = 'O_';

/** A listed value, or (`custom`) the free text typed under `Lainnya`. */
export interface SubType { value: string; custom?: boolean }
/** A decoded entry, with its position in `subTypes` (for an issue's path). */
export interface DecodedSubType { value: string; custom: boolean; index: number }

export interface SubTypeLists<T extends SubType = SubType> {
  subCategories: T[];
  competitionFields: T[];
}

/** The format rule of one entry: a known prefix and 1 to 40 characters after it. */
export const SUB_TYPE_RE = /^(subCat|fieldComp)_(O_)?.{1,40}$/s;

const encodeOne = (prefix: string, t: SubType) => `${prefix}${t.custom ? CUSTOM : ''}${t.value}`;

/** Sub-categories first, then competition fields, each in the order given. */
export function encodeSubTypes({ subCategories = [], competitionFields = [] }: Partial<SubTypeLists>): string[] {
  return [...subCategories.map((t) => encodeOne(SUB_CATEGORY, t)), ...competitionFields.map((t) => encodeOne(COMPETITION_FIELD, t))];
}

/** Entries with neither prefix, or nothing after it, are not sub types and are left out. */
export function decodeSubTypes(subTypes: readonly string[]): SubTypeLists<DecodedSubType> {
  const lists: SubTypeLists<DecodedSubType> = { subCategories: [], competitionFields: [] };
  subTypes.forEach((entry, index) => {
    const [prefix, list] = entry.startsWith(SUB_CATEGORY)
      ? [SUB_CATEGORY, lists.subCategories]
      : entry.startsWith(COMPETITION_FIELD) ? [COMPETITION_FIELD, lists.competitionFields] : [];
    if (!prefix || !list || entry.length === prefix.length) return;
    const rest = entry.slice(prefix.length);
    const custom = rest.startsWith(CUSTOM);
    list.push({ value: custom ? rest.slice(CUSTOM.length) : rest, custom, index });
  });
  return lists;
}
