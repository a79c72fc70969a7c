function normalise(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Whether a menu path ('/reports', '/courses/') is among the session's permitted paths. */
export function isPermitted(menuPath: string, permittedPaths: readonly string[]): boolean {
  const wanted = normalise(menuPath);
  return permittedPaths.some((path) => normalise(path) === wanted);
}
