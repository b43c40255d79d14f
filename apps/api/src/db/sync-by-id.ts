/**
 * A list saved over its stored rows, matched by id: a sent item with the id of a stored row
 * updates it, any other item is a new row (an unknown id included: never another parent's
 * row), and a stored row not sent is removed. `position` is the item's place in the list.
 */
export async function syncById<T extends { id?: string | null }>(
  stored: readonly string[], list: readonly T[],
  write: { update: (id: string, item: T, position: number) => Promise<unknown>; insert: (item: T, position: number) => Promise<unknown>; remove: (ids: string[]) => Promise<unknown> },
) {
  const known = new Set(stored);
  const keep = new Set<string>();
  for (const [position, item] of list.entries()) {
    if (item.id && known.has(item.id)) {
      keep.add(item.id);
      await write.update(item.id, item, position);
    } else {
      await write.insert(item, position);
    }
  }
  const dropped = stored.filter((id) => !keep.has(id));
  if (dropped.length) await write.remove(dropped);
}
