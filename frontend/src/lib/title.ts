import type { SharedProps } from '../types'

/** The document title: the page's, then the brand ("Conditions - Gamelle"). */
export function appTitle(title: string, page?: { props?: unknown }): string {
  const brand = (page?.props as Partial<SharedProps> | undefined)?.app?.brandName ?? 'Gamelle'
  return title ? `${title} - ${brand}` : brand
}
