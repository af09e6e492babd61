import { Head, Link, router } from '@inertiajs/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'

/** /stripe/error: a cancelled or failed payment, nothing charged, with a retry. */
export default function CheckoutError() {
  const { t } = useTranslation()
  const { reason, checkout } = usePageProps<'billing/error'>()
  const [busy, setBusy] = useState(false)
  const message = reason === 'cancelled' ? t('billing.error.cancelled') : reason === 'provider' ? t('billing.error.provider') : t('billing.error.generic')

  const retry = () => {
    if (!checkout) return
    setBusy(true)
    router.post(
      url('checkout.post'),
      { packId: checkout.packId, currency: checkout.currency, promoCode: checkout.promoCode, tokens: checkout.tokens },
      { onFinish: () => setBusy(false) },
    )
  }

  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <Head title={t('billing.error.title')} />
      <Card padding="xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('billing.error.heading')}</h1>
        <p className="mt-4 text-stone-700" data-testid="checkout-error-reason">
          {message}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {checkout && (
            <Button type="button" onClick={retry} disabled={busy} aria-label={busy ? undefined : t('billing.error.retryLabel', { count: checkout.tokens })}>
              {busy ? t('billing.shop.redirecting') : t('billing.error.retry')}
            </Button>
          )}
          <Link href={url('buyTokens')} className={buttonClass({ variant: 'secondary' })}>
            {t('billing.error.back')}
          </Link>
        </div>
      </Card>
    </section>
  )
}
