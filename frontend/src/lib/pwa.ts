// The installable app's page side (issue 24), loaded after the first page so it never weighs on
// the landing page: registers the service worker (src/pwa/sw.ts, served at /sw.js) and empties
// the saved pages when the person on the device changes, so nobody sees another's pages offline.
import { Workbox } from 'workbox-window'
import { PAGES_CACHE } from '../pwa/sw-rules'
import { url } from './routes.gen'
import { mealPrepsWithPending, syncTicks } from './ticks'

const PERSON_KEY = 'gamelle.pwa.person'
let person: string | null = null

// Back online: send the ticks made offline, whichever page is open.
function syncPending(): void {
  if (!person) return
  for (const mp of mealPrepsWithPending(person)) void syncTicks(person, mp)
}

/** Registers the service worker once per page load; no-op where the browser has none. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  window.addEventListener('online', syncPending)
  const wb = new Workbox(url('swJs'), { scope: url('index') })
  void wb.register().catch(() => undefined)
}

/**
 * Follows the signed-in person (null: nobody). A different person than the last one seen on
 * this device — a sign-out, or someone else signing in — empties the saved pages.
 */
export async function followPerson(userId: string | null): Promise<void> {
  person = userId
  if (navigator.onLine) syncPending()
  let previous: string | null = null
  try {
    previous = localStorage.getItem(PERSON_KEY)
    localStorage.setItem(PERSON_KEY, userId ?? '')
  } catch {
    // Storage refused (private mode): empty the pages every time rather than risk a leak.
  }
  if (previous === (userId ?? '')) return
  await clearSavedPages()
}

/** Empties the saved pages, from the page and through the worker. */
export async function clearSavedPages(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-pages' })
  if ('caches' in window) await caches.delete(PAGES_CACHE)
}
