import { usePage } from '@inertiajs/react'
import type { Flash, SharedProps } from '../types'

/** Shared props with the page's own props typed as P. */
export function usePageProps<P extends object = object>(): SharedProps & P {
  return usePage().props as unknown as SharedProps & P
}

/**
 * Flash messages for this page. Inertia 3 carries them as `page.flash`; the server mirrors
 * them in `props.flash` too. Either source works.
 */
export function useFlash(): Flash {
  const page = usePage()
  const fromProps = (page.props as unknown as Partial<SharedProps>).flash
  return { ...(fromProps ?? {}), ...((page.flash as Flash | undefined) ?? {}) }
}
