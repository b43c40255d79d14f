/** Long names are cut by characters, not UTF-16 units (spec section 9: breadcrumb name at 50). */
export function cutText(text: string | null | undefined, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
