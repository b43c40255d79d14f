import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, SCOPE_ACTIONS, scopesAllow, scopesReach } from './api-keys.js';
import { ORG_ACTIONS, type RouteAction } from './organization-roles.js';

describe('API key scopes', () => {
  it.each<[string, RouteAction, boolean]>([
    ['events.read', 'events.read', true],
    ['events.read', 'participants.read', false],
    ['events.read', 'participants.export', false],
    ['participants.read', 'participants.read', true],
    ['participants.read', 'participants.export', true],
    ['participants.read', 'events.read', false],
    ['checkins.write', 'checkin', true],
    ['checkins.write', 'participants.manage', false],
    ['webhooks.manage', 'webhooks', true],
    ['webhooks.manage', 'integrations', false],
  ])('%s opens route action %s: %s', (scope, action, open) => {
    expect(scopesAllow([scope as (typeof API_KEY_SCOPES)[number]], action)).toBe(open);
  });

  it('no scope opens self routes, key management, money, members or the audit log', () => {
    for (const action of ['self', 'integrations', 'money', 'sales', 'members', 'audit', 'events.write', 'certificates', 'messages.send'] as const) {
      expect(scopesAllow(API_KEY_SCOPES, action), action).toBe(false);
    }
    expect(scopesAllow([], 'events.read')).toBe(false);
  });

  it('every scope names actions of the permission table', () => {
    for (const actions of Object.values(SCOPE_ACTIONS)) for (const a of actions) expect(ORG_ACTIONS).toContain(a);
  });

  it('on records, a key also reads the event its route names, and nothing else beyond its scopes', () => {
    expect(scopesReach(['checkins.write'], 'events.read')).toBe(true);
    expect(scopesReach(['checkins.write'], 'checkin')).toBe(true);
    expect(scopesReach(['checkins.write'], 'money')).toBe(false);
    expect(scopesReach(['events.read'], 'participants.read')).toBe(false);
    expect(scopesReach([], 'events.read')).toBe(false);
  });
});
