/**
 * Fills the `:name` placeholders of a contract path: fillPath('/users/:id/', {id: 3}) gives
 * '/users/3/'. Values are URL-encoded; a placeholder left unfilled is a programming error.
 */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
