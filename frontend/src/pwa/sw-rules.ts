// The service worker's pure rules (tested in sw-rules.test.ts without a browser).

import { routes } from '../lib/routes.gen'

/**
 * The cache of the signed-in person's pages, each kept with the tag of the session it was made
 * for; emptied when the session ends or changes (docs/pwa.md, "Sessions").
 */
export const PAGES_CACHE = 'gamelle-pages-v1'
/** The worker's note of the last session tag a response named (where it cannot read cookies). */
export const SESSION_CACHE = 'gamelle-session-v1'

/**
 * The pages that open offline, by their names in the route table generated from the Go router:
 * the dashboard's lists and a meal prep's pages (food, recipes, a recipe, the shopping list, the
 * cooking plan). Not the CSV, the food search (a live query) or the admin pages.
 */
export const OFFLINE_ROUTES = [
  'dashboard.general',
  'dashboard.products',
  'mealprep.food',
  'mealprep.recipes',
  'mealprep.recipe',
  'mealprep.shoppingList',
  'mealprep.plan.cook',
] as const satisfies readonly (keyof typeof routes)[]

/** A route's path as a whole-path pattern: each {param} is one path segment. */
function pattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z]+\}/g, '[^/]+')
  return new RegExp(`^${escaped}$`)
}

const offlinePatterns = OFFLINE_ROUTES.map((name) => pattern(routes[name].path))

/** Whether the page at path opens offline (see OFFLINE_ROUTES). */
export function isOfflinePage(path: string): boolean {
  return offlinePatterns.some((p) => p.test(path))
}

/** Whether path is the shopping list of a meal prep. */
export function isShoppingList(path: string): boolean {
  return pattern(routes['mealprep.shoppingList'].path).test(path)
}

/** Whether path is where signing out is posted. */
export function isSignOut(path: string): boolean {
  return path === routes['auth.logout.post'].path
}

/** Whether path is the question "does my session still live?" (docs/pwa.md, "Sessions"). */
export function isSessionCheck(path: string): boolean {
  return path === routes['auth.session'].path
}

/** The header naming the session a page response was made for (handlers/pwa_session.go). */
export const SESSION_HEADER = 'X-Gamelle-Session'
/** The cookie holding the live session's tag on the device; it goes with the session cookie. */
export const SESSION_COOKIE = 'gamelle_session_tag'
/** The header's value when the request had no live session. */
export const SIGNED_OUT = 'none'

/** The session tag a response names; null when it says nothing (a static file, an early refusal). */
export function sessionTagOf(response: Response): string | null {
  return response.headers.get(SESSION_HEADER)
}

/** Whether a response says the session is gone: signed out, 401 or 419 (the session or its token expired). */
export function endsSession(response: Response): boolean {
  return response.status === 401 || response.status === 419 || sessionTagOf(response) === SIGNED_OUT
}

/**
 * Whether a network answer may be saved: a whole, successful page (never a redirect to sign-in,
 * an error or a partial reload) made for a live session, whose tag it keeps.
 */
export function storable(request: Request, response: Response): boolean {
  const tag = sessionTagOf(response)
  return response.ok && !response.redirected && !isPartialReload(request) && tag !== null && tag !== SIGNED_OUT
}

/** Whether a saved page may be shown: it was saved under the session the device holds now. */
export function servable(saved: Response, current: string | null): boolean {
  const tag = sessionTagOf(saved)
  return current !== null && current !== SIGNED_OUT && tag === current
}

/** Whether request is an Inertia partial reload (some props only): never stored, never served stored. */
export function isPartialReload(request: Request): boolean {
  return request.headers.has('X-Inertia-Partial-Data')
}

/** The cache key of a page request: the Inertia JSON and the HTML shell of one address differ. */
export function cacheKeyFor(request: Request): string {
  const url = new URL(request.url)
  url.hash = ''
  if (request.headers.has('X-Inertia')) url.searchParams.set('__inertia', '1')
  return url.toString()
}

/** The two languages' "needs a connection" texts; the page picks by the device's language. */
export const OFFLINE_TEXTS = {
  fr: {
    title: 'Hors connexion',
    heading: 'Cette page a besoin d’une connexion',
    body: 'Vous êtes hors ligne et cette page n’est pas encore sur cet appareil. Vos recettes, vos meal preps, le plan de cuisine et la dernière liste de courses que vous avez ouverts restent disponibles.',
    bodySignedOut: 'Vous êtes hors ligne et aucune session n’est ouverte sur cet appareil\u202f: vos recettes et vos listes de courses s’y ouvriront de nouveau hors connexion après votre prochaine connexion.',
    retry: 'Réessayer',
  },
  en: {
    title: 'Offline',
    heading: 'This page needs a connection',
    body: 'You are offline and this page is not on this device yet. The recipes, meal preps, cooking plan and last shopping list you opened are still available.',
    bodySignedOut: 'You are offline and no one is signed in on this device: your recipes and shopping lists open offline here again after you next sign in.',
    retry: 'Try again',
  },
} as const

/** The language of a request: the i18next cookie, then Accept-Language; French otherwise. */
export function requestLanguage(request: Request): 'fr' | 'en' {
  const cookie = request.headers.get('Cookie') ?? ''
  const m = /(?:^|;\s*)i18next=(fr|en)/.exec(cookie)
  if (m) return m[1] as 'fr' | 'en'
  const accept = (request.headers.get('Accept-Language') ?? '').toLowerCase()
  const first = accept.split(',')[0]?.trim() ?? ''
  return first.startsWith('en') ? 'en' : 'fr'
}

/**
 * The answer when neither the network nor the device has the page: 503, marked offline. Without a
 * session on the device (signed out, cookies cleared) it does not promise the saved pages.
 */
export function offlineAnswer(request: Request, signedIn = true): Response {
  const lang = requestLanguage(request)
  const t = OFFLINE_TEXTS[lang]
  const headers = { 'X-Gamelle-Offline': '1', 'Cache-Control': 'no-store' }
  if (request.headers.has('X-Inertia')) {
    // The page shows its own notice (lib/offline.ts) instead of Inertia's error dialog.
    return new Response(JSON.stringify({ offline: true }), { status: 503, headers: { ...headers, 'Content-Type': 'application/json' } })
  }
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title} - Gamelle</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#fafaf9;color:#1c1917}main{max-width:32rem;margin:0 auto}h1{font-size:1.5rem}a{color:#065f46;font-weight:600}</style></head><body><main><h1>${t.heading}</h1><p>${signedIn ? t.body : t.bodySignedOut}</p><p><a href="">${t.retry}</a></p></main></body></html>`
  return new Response(html, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}
