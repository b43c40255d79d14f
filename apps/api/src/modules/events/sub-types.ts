/** `subCat_Debat` → sub type `Debat`; `subCat_O_Robotik` → custom sub type described as `Robotik`. */
export function subTypeColumns(subTypes: string[]): { subType: string | null; subTypeDesc: string | null } {
  const entry = subTypes.find((s) => s.startsWith('subCat_'));
  if (!entry) return { subType: null, subTypeDesc: null };
  const value = entry.slice('subCat_'.length);
  return value.startsWith('O_') ? { subType: 'Lainnya', subTypeDesc: value.slice(2) } : { subType: value, subTypeDesc: null };
}
