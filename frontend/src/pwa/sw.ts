/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa (injectManifest) from Workbox's modules
// and served at /sw.js so its scope is the whole site. It precaches the Vite build and keeps the
// signed-in person's own pages (meal preps, recipes, the cooking plan, the shopping list) network
// first, so they open in a shop or a kitchen without a signal. A saved page is shown only under
// the session it was made for, and the saved pages go as soon as the worker learns that session
// ended (docs/pwa.md, "Sessions"): pages are never served across people or past a sign-out.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  PAGES_CACHE,
  SESSION_CACHE,
  SESSION_COOKIE,
  cacheKeyFor,
  endsSession,
  isOfflinePage,
  isPartialReload,
  isSessionCheck,
  isShoppingList,
  isSignOut,
  offlineAnswer,
  servable,
  sessionTagOf,
  storable,
} from './sw-rules'

/** The part of the Cookie Store API the worker uses (Chromium has it in workers). */
interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>
}

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
  cookieStore?: CookieStoreLike
}

const KNOWN_TAG = '/__gamelle/session-tag'
let known: string | null | undefined

/** The last session tag a response named, kept across the worker's restarts. */
async function knownTag(): Promise<string | null> {
  if (known === undefined) {
    const hit = await (await caches.open(SESSION_CACHE)).match(KNOWN_TAG)
    known = hit ? await hit.text() : null
  }
  return known
}

async function rememberTag(tag: string | null): Promise<void> {
  known = tag
  const cache = await caches.open(SESSION_CACHE)
  if (tag === null) await cache.delete(KNOWN_TAG)
  else await cache.put(KNOWN_TAG, new Response(tag))
}

/**
 * The session the device holds now: the tag cookie, which the server keeps with the session
 * cookie (so clearing cookies or the session's expiry take it too), where the worker can read
 * cookies; else the last tag a response named.
 */
async function currentTag(): Promise<string | null> {
  if (self.cookieStore) {
    try {
      return (await self.cookieStore.get(SESSION_COOKIE))?.value ?? null
    } catch {
      // Cookies refused to the worker: fall back on what the responses said.
    }
  }
  return knownTag()
}

/** Learns from any answer of the server: a session that ended or changed takes the saved pages. */
async function observe(response: Response): Promise<void> {
  if (endsSession(response)) {
    await caches.delete(PAGES_CACHE)
    await rememberTag(null)
    return
  }
  const tag = sessionTagOf(response)
  if (tag !== null && tag !== (await knownTag())) {
    await caches.delete(PAGES_CACHE)
    await rememberTag(tag)
  }
}

/** A saved page, if it may be shown now; a page that may not is of no further use. */
async function usable(saved: Response | undefined): Promise<Response | null> {
  if (!saved) return null
  if (servable(saved, await currentTag())) return saved
  await caches.delete(PAGES_CACHE)
  return null
}

/** Fetches from the network and learns from the answer. */
async function fetchAndObserve(request: Request): Promise<Response> {
  const response = await fetch(request)
  await observe(response)
  return response
}

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // A poor signal in a shop: after 4 s the copy on the device is better than waiting.
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      // The HTML shell and the Inertia JSON of one address are two entries.
      cacheKeyWillBeUsed: async ({ request }) => cacheKeyFor(request),
      fetchDidSucceed: async ({ response }) => {
        await observe(response)
        return response
      },
      // Only whole, successful pages of a live session: never a redirect (to sign-in), an
      // error, a partial reload or a visitor's page.
      cacheWillUpdate: async ({ request, response }) => (storable(request, response) ? response : null),
      // Offline (or slow), only a page saved under the session the device holds now.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => usable(cachedResponse),
    },
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30 }),
  ],
})

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isOfflinePage(url.pathname),
  async (options) => {
    // A partial reload (the generation poll) asks for fresh values: a stored whole page in its
    // place would show the state before the generation and stop the poll.
    if (isPartialReload(options.request)) {
      try {
        return await fetchAndObserve(options.request)
      } catch {
        return offlineAnswer(options.request, (await currentTag()) !== null)
      }
    }
    try {
      return await pages.handle(options)
    } catch {
      // Not on the device either: the last shopping list of that meal prep, else say so.
      const fallback = await lastShoppingList(options.request)
      return fallback ?? offlineAnswer(options.request, (await currentTag()) !== null)
    }
  },
)

/** Any stored shopping list of the same meal prep (another number of days), newest first. */
async function lastShoppingList(request: Request): Promise<Response | undefined> {
  const url = new URL(request.url)
  if (!isShoppingList(url.pathname)) return undefined
  const cache = await caches.open(PAGES_CACHE)
  const inertia = request.headers.has('X-Inertia')
  const keys = (await cache.keys()).filter((k) => {
    const u = new URL(k.url)
    return u.pathname === url.pathname && u.searchParams.has('__inertia') === inertia
  })
  for (const k of keys.reverse()) {
    const hit = await usable(await cache.match(k, { ignoreVary: true }))
    if (hit) return hit
  }
  return undefined
}

// Other pages that need the server: an HTML visit without a network gets a page that says so.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request }) => {
    try {
      return await fetchAndObserve(request)
    } catch {
      return offlineAnswer(request, (await currentTag()) !== null)
    }
  },
)

// Signing out empties the person's pages before the request leaves.
registerRoute(
  ({ request, url }) => request.method === 'POST' && isSignOut(url.pathname),
  async ({ request }) => {
    await caches.delete(PAGES_CACHE)
    return fetchAndObserve(request)
  },
  'POST',
)

// The page's "does my session still live?" (pwa/page.ts): the worker learns the answer too.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isSessionCheck(url.pathname),
  ({ request }) => fetchAndObserve(request),
)

self.addEventListener('message', (event) => {
  if (event.data?.type === 'clear-pages') event.waitUntil(caches.delete(PAGES_CACHE))
})

self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
