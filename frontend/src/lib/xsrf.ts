/**
 * The anti-forgery cookie, kept apart from the fetch helper so the app entry (which hands the
 * cookie's name to Inertia's client) does not pull the whole HTTP client into the landing page.
 */

/** The cookie names, the production one (`__Host-` prefix) first. */
export const XSRF_COOKIE_NAMES = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'] as const

/** The name of the anti-forgery cookie the server set, the production one first. */
export function xsrfCookieName(all: string = globalThis.document?.cookie ?? ''): string {
  return XSRF_COOKIE_NAMES.find((n) => readCookie(all, n) !== null) ?? 'XSRF-TOKEN'
}

/** A cookie's decoded value from a `document.cookie` string, or null. */
export function readCookie(all: string, name: string): string | null {
  for (const part of all.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='))
      } catch {
        return v.join('=')
      }
    }
  }
  return null
}
