import { usePage } from '@inertiajs/react'
import type { Flash } from '../types'

/**
 * Flash messages for this page. Inertia 3 carries them as `page.flash`; the server mirrors
 * them in `props.flash` too. Either source works.
 */
export function useFlash(): Flash {
  const page = usePage()
  return { ...page.props.flash, ...page.flash }
}
