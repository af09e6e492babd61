import { Link, usePage } from '@inertiajs/react'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import BrandLogo from '../components/brand-logo'
import FlashMessages from '../components/flash-messages'
import LanguageSwitcher from '../components/language-switcher'
import SkipLink from '../components/skip-link'
import { useEscapeToClose } from '../hooks/use-escape-to-close'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import { navHref } from '../lib/nav'
import { url as routeUrl } from '../lib/routes.gen'
import { useFlash } from '../hooks/use-flash'
import { usePageProps } from '../hooks/use-page-props'
import type { Role, RouteEntry } from '../types'
import MenuToggle from '../components/menu-toggle'

/** Dashboard entries the given role may see (docs/product.md §2: Admin only for ADMIN). */
export function visibleDashboardRoutes(routes: RouteEntry[], role: Role | undefined): RouteEntry[] {
  if (!role) return []
  return routes.filter((route) => route.roles.includes(role))
}

function isCurrent(pageUrl: string, href: string): boolean {
  const path = pageUrl.split(/[?#]/)[0] ?? ''
  return path === href || path.startsWith(`${href}/`)
}

/** Signed-in area: sidebar navigation filtered by role, top bar with balance and language. */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { url } = usePage()
  const { app, auth } = usePageProps()
  const flash = useFlash()
  useFocusFirstInvalid()
  const [navOpen, setNavOpen] = useState(false)
  const closeNav = useCallback(() => setNavOpen(false), [])
  useEscapeToClose(navOpen, closeNav)
  const user = auth?.user ?? null
  const routes = visibleDashboardRoutes(app.dashboardRouteList ?? [], user?.role)

  const navigation = (
    <ul className="flex flex-col gap-1">
      {routes.map((route) => {
        const href = navHref(route)
        const current = isCurrent(url, href)
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={current ? 'page' : undefined}
              onClick={() => setNavOpen(false)}
              className={`block rounded-lg px-3 py-2 text-sm font-medium ${
                current ? 'bg-brand-100 text-brand-900' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
              }`}
            >
              {t(route.name)}
            </Link>
          </li>
        )
      })}
    </ul>
  )

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr] print:block">
      <SkipLink />
      <aside className="hidden border-r border-stone-200 bg-white lg:flex lg:flex-col print:hidden">
        <div className="flex h-16 items-center px-5">
          <Link href={routeUrl('index')} aria-label={t('common.brandHome', { brand: app.brandName })} className="rounded-lg">
            <BrandLogo name={app.brandName} />
          </Link>
        </div>
        <nav aria-label={t('nav.dashboard')} className="flex-1 px-3 py-4">
          {navigation}
        </nav>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur print:hidden">
          <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
            <div className="flex items-center gap-2 lg:hidden">
              <MenuToggle open={navOpen} controls="dashboard-mobile-nav" onToggle={() => setNavOpen((open) => !open)} />
              {/* Below 360 px the bar keeps only what a person needs there: menu, balance, sign out. */}
              <Link href={routeUrl('index')} aria-label={t('common.brandHome', { brand: app.brandName })} className="rounded-lg max-[359px]:hidden">
                <BrandLogo name={app.brandName} className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
              </Link>
            </div>
            <div className="ml-auto flex items-center gap-2 sm:gap-3">
              {user && (
                <Link
                  href={routeUrl('buyTokens')}
                  className="rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-900 hover:bg-brand-100"
                  data-testid="balance"
                >
                  <span className="sr-only">{t('dashboard.balanceLabel')} </span>
                  {t('dashboard.balance', { count: user.balance })}
                </Link>
              )}
              {/* On phones the language switcher moves into the menu so the bar stays on one line. */}
              <div className="hidden sm:block">
                <LanguageSwitcher />
              </div>
              {user && (
                <span className="hidden text-sm text-stone-600 md:inline" title={user.email}>
                  {user.name} {user.surname}
                </span>
              )}
              <Link
                href={routeUrl('auth.logout.post')}
                method="post"
                as="button"
                className="rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-600 hover:bg-stone-100 hover:text-stone-900"
              >
                {t('nav.signOut')}
              </Link>
            </div>
          </div>
          <nav id="dashboard-mobile-nav" aria-label={t('nav.dashboard')} hidden={!navOpen} className="border-t border-stone-200 px-3 py-3 lg:hidden">
            {navigation}
            <LanguageSwitcher className="mt-3 ml-3 sm:hidden" />
          </nav>
        </header>
        <FlashMessages flash={flash} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10">
          {children}
        </main>
      </div>
    </div>
  )
}
