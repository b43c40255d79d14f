import { describe, expect, it } from 'vitest';
import { eventGroup, selectedMenuKey } from './menu';
import { initialOf } from './UserBadge';

describe('selectedMenuKey', () => {
  it.each([
    ['/', '/'],
    ['/event', '/event'],
    ['/event/active/overview/1', '/event'],
    ['/event/1/withdrawal', '/event/history'],
    ['/event/draft', '/event/draft'],
    ['/event/draft/overview/9', '/event/draft'],
    // A new event belongs to no list yet.
    ['/event/create', ''],
    // Until its event is known, an edit or a ticket's history highlights none of the lists.
    ['/event/edit/5', ''],
    ['/ticket/history/1/2', ''],
    ['/event/history/overview/3', '/event/history'],
    ['/payout', '/payout'],
    ['/certificate/edit/4', '/certificate'],
  ])('%s highlights %s', (path, key) => expect(selectedMenuKey(path)).toBe(key));
});

describe('the list an edited event or a ticket history came from', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const active = eventGroup({ isDraft: false, lastEventAt: '2026-12-01T00:00:00Z' }, now);
  const past = eventGroup({ isDraft: false, lastEventAt: '2026-11-01T00:00:00Z' }, now);
  const draft = eventGroup({ isDraft: true, lastEventAt: null }, now);
  it.each([
    ['/event/edit/5', active, '/event'],
    ['/event/edit/5', draft, '/event/draft'],
    ['/event/edit/5', past, '/event/history'],
    ['/ticket/history/1/2', active, '/event'],
    ['/ticket/history/1/2', past, '/event/history'],
  ])('%s of a %s event highlights %s', (path, group, key) => expect(selectedMenuKey(path, group)).toBe(key));
  it('a submitted event without dates is active', () => expect(eventGroup({ isDraft: false, lastEventAt: null }, now)).toBe('active'));
});

describe('initialOf', () => {
  it('takes the first letter, upper-cased', () => {
    expect(initialOf('komunitas Muda')).toBe('K');
    expect(initialOf('  ')).toBe('?');
    expect(initialOf(undefined)).toBe('?');
  });
});
