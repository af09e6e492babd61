import { Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { navHref } from '../lib/nav'
import { url } from '../lib/routes.gen'
import { usePageProps } from '../hooks/use-page-props'
import BrandLogo from './brand-logo'

const linkClass = 'rounded text-sm text-stone-600 hover:text-brand-800 hover:underline'

export default function SiteFooter() {
  const { t } = useTranslation()
  const { app } = usePageProps()

  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-1">
          <BrandLogo name={app.brandName} />
          <p className="mt-3 max-w-xs text-sm text-stone-600">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-stone-900">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 space-y-2">
            {(app.mainRouteList ?? []).map((route) => (
              <li key={navHref(route)}>
                <a href={navHref(route)} className={linkClass}>
                  {t(route.name)}
                </a>
              </li>
            ))}
            <li>
              <Link href={url('waitlist')} className={linkClass}>
                {t('nav.mobileApp')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-stone-900">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link href={url('terms')} className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link href={url('privacy')} className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link href={url('legal')} className={linkClass}>
                {t('footer.legalNotice')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-sm font-semibold text-stone-900">
            {t('footer.social')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={app.twitterUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('footer.twitter')} <span className="sr-only">{t('common.newTab')}</span>
              </a>
            </li>
            <li>
              <a href={app.youtubeUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('footer.youtube')} <span className="sr-only">{t('common.newTab')}</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-100">
        <p className="container-page py-5 text-xs text-stone-500">
          {t('footer.rights', { year: new Date().getFullYear(), brand: app.brandName })}
        </p>
      </div>
    </footer>
  )
}
