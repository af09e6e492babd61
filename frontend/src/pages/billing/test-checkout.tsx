import { Head, router } from '@inertiajs/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../lib/format'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/**
 * The local stand-in for Stripe's payment page (test mode only, clearly labelled). Paying
 * posts a signed checkout.session.completed event to the app's own webhook.
 */
export default function TestCheckout() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { checkout } = usePageProps<'billing/test-checkout'>()
  const [busy, setBusy] = useState(false)
  const send = (outcome: 'pay' | 'cancel') => {
    setBusy(true)
    router.post(url('stripe.testCheckout.post'), { checkout: checkout.id, outcome }, { onFinish: () => setBusy(false) })
  }
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <Head title={t('billing.testMode.title')} />
      <div className="rounded-2xl border-4 border-dashed border-amber-500 bg-white p-6 shadow-sm sm:p-8">
        <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900 uppercase">{t('billing.testMode.title')}</p>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-stone-900">{t('billing.testMode.heading')}</h1>
        <p className="mt-3 text-stone-600">{t('billing.testMode.intro')}</p>
        <dl className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-stone-50 p-4 text-sm">
          <dt className="text-stone-500">{t('billing.testMode.summary')}</dt>
          <dd className="font-semibold text-stone-900" data-testid="test-checkout-tokens">
            {t('billing.pack.tokens', { count: checkout.tokens })}
          </dd>
          <dt className="text-stone-500">{t('billing.testMode.amount')}</dt>
          <dd className="font-semibold text-stone-900">{formatMoney(checkout.amountCents, checkout.currency, locale)}</dd>
          {checkout.promoCode && (
            <>
              <dt className="text-stone-500">{t('billing.testMode.promo')}</dt>
              <dd className="font-semibold text-stone-900">{checkout.promoCode}</dd>
            </>
          )}
        </dl>
        <div className="mt-8 flex flex-col gap-3">
          <Button type="button" className="py-3" disabled={busy} onClick={() => send('pay')}>
            {busy ? t('billing.testMode.processing') : t('billing.testMode.pay')}
          </Button>
          <Button variant="secondary" type="button" disabled={busy} onClick={() => send('cancel')}>
            {t('billing.testMode.cancel')}
          </Button>
        </div>
      </div>
    </section>
  )
}
