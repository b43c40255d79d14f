/** Only same-site paths are followed after sign-in; anything else goes to the overview. */
export function safeRedirect(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.startsWith('/login')) return '/';
  return from;
}
