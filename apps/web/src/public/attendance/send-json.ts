/**
 * Sends `body` as JSON to an endpoint of the page's forms (its address from the contract, each
 * `:name` in the path filled from `params`) and asks for JSON back.
 */
export function sendJson(address: { method: string; path: string }, params: Record<string, string>, body: unknown) {
  const path = Object.entries(params).reduce((p, [name, value]) => p.replace(`:${name}`, encodeURIComponent(value)), address.path);
  return fetch(path, { method: address.method, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
}
