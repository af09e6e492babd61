import { usePage } from '@inertiajs/react'
import type { SharedProps } from '../types'

/** Shared props with the page's own props typed as P. */
export function usePageProps<P extends object = object>(): SharedProps & P {
  return usePage().props as unknown as SharedProps & P
}
