import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { formatCurrencyUnit, formatDecimal, formatMoney, formatPercent } from '../../lib/format'
import { useLocale } from '../../hooks/use-locale'
import type { TokenPack } from '../../types'

/** Currency switch: links that reload the page with ?currency=…, keeping the other query. */
export function CurrencySwitch({ currency, currencies, path, pack }: { currency: string; currencies: string[]; path: string; pack?: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('billing.currency.label')} className="flex justify-center gap-2">
      {currencies.map((c) => {
        const q = new URLSearchParams({ currency: c })
        if (pack) q.set('pack', pack)
        return (
          <Link
            key={c}
            href={`${path}?${q.toString()}`}
            preserveScroll
            aria-current={c === currency ? 'true' : undefined}
            data-testid={`currency-${c}`}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${
              c === currency ? 'bg-brand-700 text-white' : 'border border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
            }`}
          >
            {t(`billing.currency.${c}`, { defaultValue: c })}
          </Link>
        )
      })}
    </nav>
  )
}

/** The packs on sale as cards; action renders each card's button or link. */
export function PackGrid({ packs, selected, action }: { packs: TokenPack[]; selected?: string; action: (pack: TokenPack) => ReactNode }) {
  const { t } = useTranslation()
  const locale = useLocale()
  if (packs.length === 0) {
    return <p className="text-center text-stone-600">{t('billing.shop.empty')}</p>
  }
  return (
    <ul aria-label={t('billing.shop.packsLabel')} className="grid gap-6 md:grid-cols-3">
      {packs.map((pack) => {
        const badge = pack.badge === 'most_popular' ? t('billing.pack.mostPopular') : pack.badge === 'best_value' ? t('billing.pack.bestValue') : null
        const isSelected = selected === pack.id
        return (
          <li
            key={pack.id}
            data-testid="shop-pack"
            data-pack={pack.id}
            className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
              isSelected || pack.badge === 'most_popular' ? 'border-brand-600 ring-2 ring-brand-600' : 'border-stone-200'
            }`}
          >
            {badge && (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">{badge}</p>
            )}
            <h2 className="text-lg font-semibold text-stone-900">
              {t('billing.pack.tokens', { count: pack.tokens })}
              {isSelected && <span className="sr-only"> ({t('billing.pack.selected')})</span>}
            </h2>
            <p className="mt-3 text-3xl font-extrabold tracking-tight text-stone-900">{formatMoney(pack.priceCents, pack.currency, locale)}</p>
            <ul className="mt-4 flex-1 space-y-1 text-sm text-stone-600">
              <li>{t('billing.pack.perToken', { price: formatMoney(pack.perTokenCents, pack.currency, locale) })}</li>
              <li>{t('billing.pack.perUnit', { value: formatDecimal(pack.tokensPerUnit, locale, 1), unit: formatCurrencyUnit(pack.currency, locale) })}</li>
              {pack.discountPercent > 0 && (
                <li className="font-semibold text-brand-800">{t('billing.pack.discount', { percent: formatPercent(pack.discountPercent, locale) })}</li>
              )}
            </ul>
            <div className="mt-6">{action(pack)}</div>
          </li>
        )
      })}
    </ul>
  )
}

/** The test-mode notice shown wherever a purchase can start without Stripe. */
export function TestModeBanner() {
  const { t } = useTranslation()
  return (
    <p role="note" data-testid="test-mode-banner" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
      {t('billing.testMode.banner')}
    </p>
  )
}
