/// <reference lib="webworker" />
// The service worker (issue 24), built by vite-plugin-pwa (injectManifest) from Workbox's modules
// and served at /sw.js so its scope is the whole site. It precaches the Vite build and keeps the
// signed-in person's own pages (meal preps, recipes, the cooking plan, the shopping list) network
// first, so they open in a shop or a kitchen without a signal. A sign-out, or another person
// signing in on the device, empties the page cache: pages are never served across people.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { PAGES_CACHE, cacheKeyFor, isOfflinePage, isPartialReload, isShoppingList, isSignOut, offlineAnswer } from './sw-rules'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

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
      // Only whole, successful pages: never a redirect (to sign-in), an error or a partial reload.
      cacheWillUpdate: async ({ request, response }) =>
        response.ok && !response.redirected && !isPartialReload(request) ? response : null,
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
        return await fetch(options.request)
      } catch {
        return offlineAnswer(options.request)
      }
    }
    try {
      return await pages.handle(options)
    } catch {
      // Not on the device either: the last shopping list of that meal prep, else say so.
      const fallback = await lastShoppingList(options.request)
      return fallback ?? offlineAnswer(options.request)
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
    const hit = await cache.match(k, { ignoreVary: true })
    if (hit) return hit
  }
  return undefined
}

// Other pages that need the server: an HTML visit without a network gets a page that says so.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request }) => {
    try {
      return await fetch(request)
    } catch {
      return offlineAnswer(request)
    }
  },
)

// Signing out empties the person's pages before the request leaves.
registerRoute(
  ({ request, url }) => request.method === 'POST' && isSignOut(url.pathname),
  async ({ request }) => {
    await caches.delete(PAGES_CACHE)
    return fetch(request)
  },
  'POST',
)

self.addEventListener('message', (event) => {
  if (event.data?.type === 'clear-pages') event.waitUntil(caches.delete(PAGES_CACHE))
})

self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
