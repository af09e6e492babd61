// The installable app's page side, loaded after the first page so it never weighs on
// the landing page: registers the service worker (src/pwa/sw.ts, served at /sw.js) and empties
// the saved pages when the person on the device changes or their session ends elsewhere, so
// nobody sees another's pages offline, nor their own after signing out (docs/pwa.md, "Sessions").
import { Workbox } from 'workbox-window'
import { PAGES_CACHE } from './sw-rules'
import { url } from '../lib/routes.gen'
import { mealPrepsWithPending, syncTicks } from '../lib/ticks'

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
  followSession()
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

/**
 * Checks the session whenever the device may have missed its end: the network back, the tab
 * shown again (back from another tab or app, the device woken), a page restored from the
 * back-forward cache. Signed out from another device meanwhile, the saved pages go.
 */
export function followSession(): void {
  window.addEventListener('online', () => void checkSession())
  document.addEventListener('visibilitychange', () => void checkSession())
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void checkSession()
  })
}

let checking = false

/**
 * Asks the server, when online and shown, whether this device's session still lives. A session
 * gone (signed out from another device, expired) empties the saved pages at once, and a page
 * showing the person is reloaded so it shows them no longer (the server sends it to sign-in).
 * The network often answers a moment after the browser says it is back: a failed question is
 * asked again a few times, 1, 2 then 4 s later.
 */
export async function checkSession(attempt = 0): Promise<void> {
  if (checking && attempt === 0) return
  if (document.visibilityState !== 'visible' || !navigator.onLine) {
    if (attempt > 0) checking = false // a retry gives up; the next event asks again
    return
  }
  checking = true
  let r: Response
  try {
    r = await fetch(url('auth.session'), { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
  } catch {
    if (attempt < 3) setTimeout(() => void checkSession(attempt + 1), 1000 * 2 ** attempt)
    else checking = false
    return
  }
  try {
    const gone = r.status === 401 || r.status === 419 || (r.ok && ((await r.json()) as { signedIn?: boolean }).signedIn === false)
    if (!gone) return
    await clearSavedPages()
    if (person !== null) {
      person = null
      window.location.reload()
    }
  } catch {
    // Not the answer expected (a proxy's page): nothing learnt; the next check asks again.
  } finally {
    checking = false
  }
}
