// Offline notices: the network's state and "this page needs the server", told to the
// notice the app renders (components/offline-notice.tsx). Kept tiny: it is in the entry.

/** What the notice says: nothing, offline (saved pages still open), a page that needs the server, back online. */
export type OfflineState = 'none' | 'offline' | 'needsServer' | 'back'

type Listener = (s: OfflineState) => void
const listeners = new Set<Listener>()

/** Tells the notice. */
export function announceOffline(s: OfflineState): void {
  for (const l of listeners) l(s)
}

/** Follows the notice's state; returns the unsubscribe. */
export function onOfflineState(l: Listener): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** True when an answer comes from the service worker's "not on this device" (sw-rules.ts). */
export function isOfflineAnswer(headers: Record<string, string | undefined> | undefined): boolean {
  return headers?.['x-gamelle-offline'] === '1'
}
