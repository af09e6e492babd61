import { usePage } from '@inertiajs/react'
import type { PageComponent, PageProps, SharedProps } from '../types'

/**
 * The props of the current page: the shared props, plus the page's own when its component
 * name is given (`usePageProps<'onboarding/index'>()`). Both types are generated from the Go
 * structs the server fills (types/props.gen.ts).
 */
export function usePageProps(): SharedProps
export function usePageProps<N extends PageComponent>(): SharedProps & PageProps[N]
export function usePageProps<N extends PageComponent>(): SharedProps & PageProps[N] {
  return usePage<PageProps[N]>().props
}
