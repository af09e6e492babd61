import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { BuyForm } from '../../components/billing/buy-form'
import { CurrencySwitch, TestModeBanner } from '../../components/billing/pack-grid'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'

/** /buy-tokens: the packs for a signed-in person, with the promo code and the currency. */
export default function BuyTokens() {
  const { t } = useTranslation()
  const props = usePageProps<'billing/buy-tokens'>()
  const balance = props.auth.user?.balance ?? 0
  return (
    <section className="container-page space-y-8 py-12 sm:py-16">
      <Head title={t('billing.shop.title')} />
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{t('billing.shop.heading')}</h1>
        <p className="mt-4 text-lg text-stone-600">{t('billing.shop.subheading')}</p>
        <p className="mt-2 font-semibold text-brand-800" data-testid="shop-balance" data-balance={balance}>
          {t('billing.shop.balance', { balance: t('dashboard.balance', { count: balance }) })}
        </p>
      </header>
      {props.testMode && <TestModeBanner />}
      <CurrencySwitch currency={props.currency} currencies={props.currencies} path={url('buyTokens')} pack={props.selectedPack || undefined} />
      <BuyForm shop={props} />
    </section>
  )
}
