import { usePage } from '@inertiajs/react'
import { useEffect } from 'react'

/**
 * After a refused submit, moves the keyboard focus to the first invalid field of the page, so a
 * keyboard or screen-reader user lands on what to fix. Runs whenever the server's validation
 * errors change (every layout calls it once).
 */
export function useFocusFirstInvalid() {
  const errors = usePage().props.errors as Record<string, unknown> | undefined
  const signature = JSON.stringify(errors ?? {})
  useEffect(() => {
    if (signature === '{}') return
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"]')
    first?.focus()
  }, [signature])
}

/** Closes a disclosure (the mobile menu) on Escape while it is open. */
export function useEscapeToClose(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, close])
}
