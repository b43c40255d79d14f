import { describe, expect, it } from 'vitest';
import { selectedMenuKey } from './menu';
import { initialOf } from './UserBadge';

describe('selectedMenuKey', () => {
  it.each([
    ['/', '/'],
    ['/event', '/event'],
    ['/event/active/overview/1', '/event'],
    ['/event/1/withdrawal', '/event/history'],
    ['/ticket/history/1/2', '/event'],
    ['/event/draft', '/event/draft'],
    ['/event/draft/overview/9', '/event/draft'],
    ['/event/create', '/event/draft'],
    ['/event/history/overview/3', '/event/history'],
    ['/payout', '/payout'],
    ['/certificate/edit/4', '/certificate'],
  ])('%s highlights %s', (path, key) => expect(selectedMenuKey(path)).toBe(key));
});

describe('initialOf', () => {
  it('takes the first letter, upper-cased', () => {
    expect(initialOf('komunitas Muda')).toBe('K');
    expect(initialOf('  ')).toBe('?');
    expect(initialOf(undefined)).toBe('?');
  });
});
