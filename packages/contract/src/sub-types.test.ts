import { describe, expect, it } from 'vitest';
import { decodeSubTypes, encodeSubTypes, SUB_TYPE_RE, type SubTypeLists } from './sub-types.js';

const strip = (l: SubTypeLists) => ({
  subCategories: l.subCategories.map(({ value, custom }) => ({ value, custom })),
  competitionFields: l.competitionFields.map(({ value, custom }) => ({ value, custom })),
});

describe('encodeSubTypes / decodeSubTypes', () => {
  // [case, encoded, decoded]: each encodes to exactly its string list and decodes back.
  const cases: [string, string[], SubTypeLists][] = [
    ['nothing', [], { subCategories: [], competitionFields: [] }],
    ['a listed sub-category', ['subCat_Debat'], { subCategories: [{ value: 'Debat', custom: false }], competitionFields: [] }],
    ['a custom sub-category', ['subCat_O_Robotik'], { subCategories: [{ value: 'Robotik', custom: true }], competitionFields: [] }],
    ['value with spaces', ['subCat_S1 Dalam Negeri'], { subCategories: [{ value: 'S1 Dalam Negeri', custom: false }], competitionFields: [] }],
    ['custom text left empty', ['subCat_O_', 'fieldComp_O_  '], {
      subCategories: [{ value: '', custom: true }], competitionFields: [{ value: '  ', custom: true }],
    }],
    ['a value that itself starts with O_', ['fieldComp_O_O_x'], { subCategories: [], competitionFields: [{ value: 'O_x', custom: true }] }],
    ['sub-category then listed and custom fields', ['subCat_Esai', 'fieldComp_Sastra', 'fieldComp_O_Seni Rupa'], {
      subCategories: [{ value: 'Esai', custom: false }],
      competitionFields: [{ value: 'Sastra', custom: false }, { value: 'Seni Rupa', custom: true }],
    }],
  ];
  it.each(cases)('%s', (_name, encoded, decoded) => {
    expect(encodeSubTypes(decoded)).toEqual(encoded);
    expect(strip(decodeSubTypes(encoded))).toEqual(decoded);
  });

  it('keeps each entry\'s index and leaves out what is not a sub type', () => {
    const d = decodeSubTypes(['fieldComp_Hukum', 'Debat', 'subCat_', 'subcat_Esai', 'subCat_Debat']);
    expect(d).toEqual({
      subCategories: [{ value: 'Debat', custom: false, index: 4 }],
      competitionFields: [{ value: 'Hukum', custom: false, index: 0 }],
    });
  });

  it('writes sub-categories first whatever the order read', () => {
    expect(encodeSubTypes(decodeSubTypes(['fieldComp_Sains', 'subCat_Esai']))).toEqual(['subCat_Esai', 'fieldComp_Sains']);
    expect(encodeSubTypes({ competitionFields: [{ value: 'Sains' }] })).toEqual(['fieldComp_Sains']);
  });

  it.each([
    ['subCat_Debat', true], ['fieldComp_O_Seni', true], ['subCat_O_', true], ['subCat_', false],
    ['other_Debat', false], [`subCat_${'x'.repeat(40)}`, true], [`subCat_${'x'.repeat(41)}`, false],
  ])('format rule: %s is %s', (entry, ok) => {
    expect(SUB_TYPE_RE.test(entry)).toBe(ok);
  });
});
