import { Link } from '@inertiajs/react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { navHref } from '../lib/nav'
import { url } from '../lib/routes.gen'
import { usePageProps } from '../hooks/use-page-props'
import { useEscapeToClose } from '../hooks/use-escape-to-close'
import BrandLogo from './brand-logo'
import LanguageSwitcher from './language-switcher'
import MenuToggle from './menu-toggle'
import { buttonClass } from './ui/button'

/** Hash links (/#features) stay plain anchors so the browser scrolls without a visit. */
function NavLink({ href, children, onClick, className }: { href: string; children: string; onClick?: () => void; className: string }) {
  if (href.includes('#')) {
    return (
      <a href={href} onClick={onClick} className={className}>
        {children}
      </a>
    )
  }
  return (
    <Link href={href} onClick={onClick} className={className}>
      {children}
    </Link>
  )
}

export default function SiteHeader() {
  const { t } = useTranslation()
  const { app, auth } = usePageProps()
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  useEscapeToClose(menuOpen, closeMenu)
  const user = auth?.user ?? null
  const routes = app.mainRouteList ?? []

  const account = user ? (
    <Link href={url('dashboard.general')} className={buttonClass({ className: 'whitespace-nowrap' })}>
      {t('nav.dashboardLink')}
    </Link>
  ) : (
    <Link href={url('auth.login')} className={buttonClass({ className: 'whitespace-nowrap' })}>
      {t('nav.signIn')}
    </Link>
  )

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-stone-50/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Link href={url('index')} aria-label={t('common.brandHome', { brand: app.brandName })} className="rounded-lg">
          <BrandLogo name={app.brandName} />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {routes.map((route) => (
              <li key={navHref(route)}>
                <NavLink
                  href={navHref(route)}
                  className="rounded-full px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
                >
                  {t(route.name)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <div className="hidden sm:block">{account}</div>
          <MenuToggle open={menuOpen} controls="mobile-menu" onToggle={() => setMenuOpen((open) => !open)} className="lg:hidden" />
        </div>
      </div>

      <nav id="mobile-menu" aria-label={t('nav.main')} hidden={!menuOpen} className="border-t border-stone-200 lg:hidden">
        <ul className="container-page flex flex-col gap-1 py-3">
          {routes.map((route) => (
            <li key={navHref(route)}>
              <NavLink
                href={navHref(route)}
                onClick={() => setMenuOpen(false)}
                className="block rounded-lg px-3 py-2 font-medium text-stone-700 hover:bg-stone-100"
              >
                {t(route.name)}
              </NavLink>
            </li>
          ))}
          <li className="pt-2 sm:hidden">{account}</li>
        </ul>
      </nav>
    </header>
  )
}
