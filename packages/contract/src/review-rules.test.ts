import { describe, expect, it } from 'vitest';
import { approvalAfterEdit, reviewedChanges, type ReviewedEvent } from './review-rules.js';
import { encodeSubTypes } from './sub-types.js';

const base: ReviewedEvent = {
  name: 'Lomba Esai', description: 'Deskripsi', imageUrl: '/files/a.png', type: 'Lomba', subTypes: encodeSubTypes({ subCategories: [{ value: 'Esai' }] }), competitionField: ['Sastra'],
  eventOrganizer: { name: 'EO', email: 'eo@x.id', phoneNumber: '62812', phoneNumberExist: true, instagramProfileExist: false, instagramProfileUrl: 'https://instagram.com/lama' },
};

describe('reviewedChanges', () => {
  it.each<[string, ReviewedEvent, string[]]>([
    ['nothing', { ...base }, []],
    ['blank and null alike, trimmed', { ...base, description: ' Deskripsi ', typeDesc: '' }, []],
    ['email case', { ...base, eventOrganizer: { ...base.eventOrganizer, email: 'EO@x.id' } }, []],
    ['a hidden contact', { ...base, eventOrganizer: { ...base.eventOrganizer, instagramProfileUrl: 'https://instagram.com/baru' } }, []],
    ['name', { ...base, name: 'Lomba Esai 2' }, ['Event name']],
    ['poster', { ...base, imageUrl: '/files/b.png' }, ['Poster']],
    ['sub category', { ...base, subTypes: encodeSubTypes({ subCategories: [{ value: 'Debat' }] }) }, ['Category']],
    ['organizer phone', { ...base, eventOrganizer: { ...base.eventOrganizer, phoneNumber: '62813' } }, ['Event organizer']],
    ['logo', { ...base, eventOrganizer: { ...base.eventOrganizer, organizationLogoUrl: '/files/logo.png' } }, ['Event organizer']],
    ['two parts', { ...base, name: 'X', description: 'Y' }, ['Event name', 'Description']],
  ])('%s', (_what, after, labels) => expect(reviewedChanges(base, after)).toEqual(labels));
});

describe('approvalAfterEdit', () => {
  it.each([
    ['approved', [], 'approved'], ['approved', ['Poster'], 'pending'],
    ['rejected', [], 'pending'], ['pending', ['Poster'], 'pending'],
  ] as const)('%s with %j → %s', (status, changes, out) => expect(approvalAfterEdit(status, changes)).toBe(out));
});
