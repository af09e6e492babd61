/**
 * Stands in for laravel-precognition in the build (vite.config.ts aliases it here). Inertia's
 * forms import it for live server-side validation ("Precognition"), which Gamelle does not use,
 * and it weighed ~4 KB gzipped of the landing page's JavaScript (docs/performance.md). What
 * Inertia calls without Precognition is kept, with the library's behaviour; starting a
 * Precognition validation fails loudly.
 */
type Named = string | { target: { name: string } }

/** The HTTP client Inertia hands the XSRF cookie and header names to at start-up. */
export const client = {
  withXsrfCookieName: () => client,
  withXsrfHeaderName: () => client,
}

export function createValidator(): never {
  throw new Error('Precognition is not available in Gamelle (laravel-precognition is aliased to a stub in vite.config.ts)')
}

/** A field's name, from itself or from its input event. */
export const resolveName = (name: Named): string => (typeof name !== 'string' ? name.target.name : name)

/** The first message of each field, as Inertia shows them. */
export const toSimpleValidationErrors = (errors: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]))
