/**
 * Fills an API path's `:name` parameters (api-paths.ts), each URL-encoded:
 * `fillPath('/game/:id/play/:word', {id: 4, word: 'crane'})` is `/game/4/play/crane`. Throws
 * when a parameter is missing, so a caller cannot build `/game/undefined`. Apart from the
 * endpoint table, so that a page can call an endpoint without loading every route's entry
 * (client/src/lib/api-endpoint.ts).
 */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
