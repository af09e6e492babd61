import type { ComponentType, ReactNode } from 'react'
import AuthLayout from './auth-layout'
import DashboardLayout from './dashboard-layout'
import PublicLayout from './public-layout'

type Layout = ComponentType<{ children: ReactNode }>

/**
 * The one place that decides which layout wraps a page, from its component name
 * (`<area>/<name>`): dashboard/*, mealprep/*, account/*, admin/* and household/* → dashboard, auth/* → auth, everything else → public.
 */
export function layoutFor(componentName: string): Layout {
  const area = componentName.split('/')[0]
  switch (area) {
    case 'dashboard':
    case 'mealprep':
    case 'account':
    case 'admin':
    case 'household':
      return DashboardLayout
    case 'auth':
      return AuthLayout
    default:
      return PublicLayout
  }
}
