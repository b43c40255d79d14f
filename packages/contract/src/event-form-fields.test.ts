import { describe, expect, it } from 'vitest';
import { EVENT_FORM_FIELDS, eventFormField, missingFieldLabels } from './event-form-fields.js';

const issues = (...paths: string[]) => paths.map((path) => ({ path, message: 'x' }));

describe('the event form table', () => {
  it('names each path once', () => {
    const paths = EVENT_FORM_FIELDS.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['eventOrganizer.name', 'eventOrganizer.name', 'general'], ['eventOrganizer.contacts', 'eventOrganizer', 'general'],
    ['tickets.0.name', 'tickets', 'registration'], ['twibbon.guide.2', 'twibbon', 'twibbon'], ['eventCoordinateLat', 'eventCoordinateLat', 'location'],
    ['sessions.3.endsAt', 'sessions', 'registration'],
  ])('%s belongs to %s (%s)', (path, row, step) => {
    expect(eventFormField(path)).toMatchObject({ path: row, step });
  });

  it('labels what a submit misses in the spec\'s order, sub-paths only where the spec lists a group', () => {
    expect(missingFieldLabels(issues('twibbon.caption', 'eventOrganizer', 'name', 'subTypes', 'tickets.0.price', 'type')))
      .toEqual(['Event Name', 'Category/Sub Category', 'Participant Category', 'EO Contact', 'Twibbon']);
    expect(missingFieldLabels(issues('subTypes.0', 'competitionField.1', 'locationNotes', 'eventOrganizer.organizationLogoUrl'))).toEqual([]);
    expect(missingFieldLabels(issues('additionalAfterRegistSteps.0', 'twibbonRequired'))).toEqual(['After Registration Steps', 'Twibbon']);
  });
});
