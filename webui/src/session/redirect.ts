/** Where to go after signing in: the `?redirect=` target when it is a path on this site, else /app. */
export function redirectTarget(redirect: string | null): string {
  return redirect && redirect.startsWith("/") && !redirect.startsWith("//") ? redirect : "/app";
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
