import { Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/api'

type Section = 'audit' | 'users' | 'stats' | 'prices' | 'products'

/** The admin sections as a tab-like navigation; the current one is marked for screen readers. */
export function AdminNav({ current }: { current?: Section }) {
  const { t } = useTranslation()
  const items: { key: Section; href: string }[] = [
    { key: 'audit', href: url('dashboard.admin') },
    { key: 'users', href: url('dashboard.admin.users') },
    { key: 'stats', href: url('dashboard.admin.stats') },
    { key: 'prices', href: url('dashboard.admin.prices') },
    { key: 'products', href: url('dashboard.products') },
  ]
  return (
    <nav aria-label={t('admin.nav.label')} className="mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-2 border-b border-stone-200">
        {items.map((i) => (
          <li key={i.key}>
            <Link
              href={i.href}
              aria-current={i.key === current ? 'page' : undefined}
              className={`inline-block rounded-t-lg px-3 py-2 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-accent-700 ${
                i.key === current ? 'border-b-2 border-brand-700 text-brand-800' : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              {t(`admin.nav.${i.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A date-time in the page's language. */
export function When({ at, locale }: { at: string; locale: string }) {
  const d = new Date(at)
  return <time dateTime={d.toISOString()}>{d.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })}</time>
}

/** A signed token amount: +5 or −4 (a real minus sign), coloured and also told by its sign. */
export function Delta({ value }: { value: number }) {
  const text = value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0'
  return <span className={value > 0 ? 'font-semibold text-green-800' : value < 0 ? 'font-semibold text-red-800' : ''}>{text}</span>
}
