import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { announceOffline, onOfflineState, type OfflineState } from '../lib/offline'

/**
 * The offline banner: says in the person's language that the network is gone (saved pages still
 * open), that a page needs the server, or that the network is back. A polite live region, so a
 * screen reader hears it without losing its place. While it shows, the page gets as much room at
 * its bottom as the notice takes, so the end of a page (a list's last rows) can still be
 * scrolled into view above it.
 */
export default function OfflineNotice() {
  const { t } = useTranslation()
  const [state, setState] = useState<OfflineState>(() => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'none'))
  useEffect(() => {
    const off = onOfflineState(setState)
    const down = () => announceOffline('offline')
    const up = () => announceOffline('back')
    window.addEventListener('offline', down)
    window.addEventListener('online', up)
    return () => {
      off()
      window.removeEventListener('offline', down)
      window.removeEventListener('online', up)
    }
  }, [])
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const room = state === 'none' ? 0 : (box.current?.offsetHeight ?? 0)
    document.body.style.paddingBottom = room > 0 ? `${room}px` : ''
    return () => {
      document.body.style.paddingBottom = ''
    }
  }, [state])
  useEffect(() => {
    if (state !== 'back') return
    const id = window.setTimeout(() => setState('none'), 4000)
    return () => window.clearTimeout(id)
  }, [state])
  return (
    <div ref={box} role="status" aria-live="polite" data-testid="offline-notice" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 print:hidden">
      {state !== 'none' && (
        <p className="pointer-events-auto max-w-xl rounded-xl bg-stone-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
          {t(`offline.${state}`)}
        </p>
      )}
    </div>
  )
}
