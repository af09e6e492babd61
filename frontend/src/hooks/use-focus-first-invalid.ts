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
