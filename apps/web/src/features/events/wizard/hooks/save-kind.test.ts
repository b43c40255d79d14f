import { describe, expect, it } from 'vitest';
import { saveKind } from './use-save-event';

describe('saveKind (spec section 4: which call a save makes)', () => {
  it.each([
    [{ kind: 'create' } as const, 'submit', 'create'],
    [{ kind: 'create' } as const, 'draft', 'createDraft'],
    [{ kind: 'edit', id: 'x', isDraft: true } as const, 'submit', 'publishDraft'],
    [{ kind: 'edit', id: 'x', isDraft: true } as const, 'draft', 'editDraft'],
    [{ kind: 'edit', id: 'x', isDraft: false } as const, 'submit', 'edit'],
  ])('%o + %s → %s', (mode, action, kind) => {
    expect(saveKind(mode, action as 'submit' | 'draft')).toBe(kind);
  });
});
