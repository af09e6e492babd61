import type { ComponentType, ReactNode } from 'react'
import PublicLayout from './public-layout'

type Layout = ComponentType<{ children: ReactNode }>

/** The layout areas: each wraps the pages of its component-name prefixes. */
type LayoutArea = 'dashboard' | 'auth' | 'public'

/**
 * Which layout wraps a page, from its component name (`<area>/<name>`): dashboard/*, mealprep/*,
 * account/*, admin/* and household/* → dashboard, auth/* → auth, everything else → public.
 */
function layoutArea(componentName: string): LayoutArea {
  switch (componentName.split('/')[0]) {
    case 'dashboard':
    case 'mealprep':
    case 'account':
    case 'admin':
    case 'household':
      return 'dashboard'
    case 'auth':
      return 'auth'
    default:
      return 'public'
  }
}

/**
 * The public layout comes with the entry (the landing page needs it); the others load with the
 * first page that uses them, so the landing page's JavaScript leaves them out (docs/performance.md).
 */
const lazyLayouts: Record<Exclude<LayoutArea, 'public'>, () => Promise<{ default: Layout }>> = {
  dashboard: () => import('./dashboard-layout'),
  auth: () => import('./auth-layout'),
}
const loaded = new Map<LayoutArea, Layout>([['public', PublicLayout]])

/** Loads the layout of the page `componentName`; resolves once layoutFor can return it. */
export async function loadLayout(componentName: string): Promise<Layout> {
  const area = layoutArea(componentName)
  const have = loaded.get(area)
  if (have) return have
  const layout = (await lazyLayouts[area as Exclude<LayoutArea, 'public'>]()).default
  loaded.set(area, layout)
  return layout
}

/**
 * The one place that decides which layout wraps a page, from its component name. The layout
 * must have been loaded (loadLayout), as app.tsx does while it resolves the page.
 */
export function layoutFor(componentName: string): Layout {
  const layout = loaded.get(layoutArea(componentName))
  if (!layout) throw new Error(`layout of ${componentName} not loaded (call loadLayout first)`)
  return layout
}
