import { describe, expect, it } from 'vitest';
import { trackingLinkIssues, trackingLinkPath } from './endpoints/tracking-links-address.js';
import { fill } from './messages.js';
import { TRACKING_LINK_MSG as M } from './messages-tracking-links.js';
import { trackingLinkBodySchema } from './schemas/tracking-links.js';

describe('a tracking link’s name and code', () => {
  it.each([
    ['kampus-ui', true], ['ig-story', true], ['a', true], ['2026', true], ['x1-y2-z3', true], ['a'.repeat(40), true],
    ['Kampus-UI', false], ['kampus ui', false], ['-kampus', false], ['kampus-', false], ['kampus--ui', false], ['kampus_ui', false],
    ['kampüs', false], ['a'.repeat(41), false], ['', false],
  ])('code %j is %s', (code, ok) => {
    expect(trackingLinkIssues({ name: 'Kampus', code }).length === 0).toBe(ok);
  });

  it('says what is wrong, one message per field, as the API answers it', () => {
    expect(trackingLinkIssues({ name: ' \u200b', code: '' })).toEqual([{ path: 'name', message: M.nameRequired }, { path: 'code', message: M.codeRequired }]);
    expect(trackingLinkIssues({ name: 'n'.repeat(81), code: 'IG' })).toEqual([
      { path: 'name', message: fill(M.nameTooLong, { max: 80 }) }, { path: 'code', message: M.codeFormat },
    ]);
    const parsed = trackingLinkBodySchema.safeParse({ name: '  Kampus UI ', code: ' kampus-ui ' });
    expect(parsed.data).toEqual({ name: 'Kampus UI', code: 'kampus-ui' });
    const refused = trackingLinkBodySchema.safeParse({ name: 'Kampus', code: 'Kampus UI' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', M.codeFormat]]);
  });

  it('links to the event page with the code as ?ref=', () => {
    expect(trackingLinkPath('ev 1', 'kampus-ui')).toBe('/e/ev%201?ref=kampus-ui');
  });
});
