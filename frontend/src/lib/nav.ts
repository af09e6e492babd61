import { url } from './routes.gen'
import type { RouteEntry } from '../types'

/** The address of a navigation entry of the site configuration: its route, then its anchor. */
export function navHref(entry: Pick<RouteEntry, 'route' | 'hash'>): string {
  return url(entry.route, { hash: entry.hash })
}
