/**
 * Kept apart from endpoint.ts (which builds zod schemas at load): the web's first load uses it
 * and must not carry zod.
 */

/** The path with its parameters filled in, each encoded. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`endpoint ${path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
