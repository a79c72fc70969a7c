/**
 * Fills the `:name` placeholders of a contract path: fillPath('/users/:id/', {id: 3}) gives
 * '/users/3/'. Values are URL-encoded; a trailing `*` takes the rest of the path (each segment
 * encoded, the slashes kept). A placeholder left unfilled is a programming error.
 */
export function fillPath(path: string, params: Record<string, string | number>): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
  if (!filled.endsWith('*')) return filled;
  const rest = params['*'];
  if (rest === undefined) throw new Error(`No value for * in ${path}`);
  return filled.slice(0, -1) + String(rest).split('/').map(encodeURIComponent).join('/');
}
