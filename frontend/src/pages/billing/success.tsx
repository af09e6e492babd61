import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { useJobPoll } from '../../hooks/use-job-poll'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { buttonClass } from '../../components/ui/button'

// While Stripe has not confirmed, the page asks for the checkout's state every 2 s, for a minute
// at most; once it is settled, the balance (in `auth`) is reloaded once.
const CHECKOUT_POLL = { poll: ['checkout'], whenDone: ['auth'], everyMs: 2000, maxPolls: 30 }

/** /stripe/success: the purchase confirmed (tokens added), or still being confirmed. */
export default function Success() {
  const { t } = useTranslation()
  const { checkout, auth } = usePageProps<'billing/success'>()
  const pending = checkout.status === 'started'
  const { gaveUp } = useJobPoll(pending, CHECKOUT_POLL)

  const balance = auth.user?.balance ?? 0
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <Head title={t('billing.success.title')} />
      <Card padding="xl" data-testid="checkout-status" data-status={checkout.status}>
        {checkout.status === 'completed' && (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('billing.success.heading')}</h1>
            <p className="mt-4 text-lg text-stone-700">{t('billing.success.completed', { tokens: checkout.tokens })}</p>
            <p className="mt-2 text-xl font-bold text-brand-800" data-testid="success-balance" data-balance={balance}>
              {t('billing.success.balance', { balance: t('dashboard.balance', { count: balance }) })}
            </p>
            <p className="mt-2 text-sm text-stone-500">{t('billing.success.receipt')}</p>
          </>
        )}
        {pending && (
          <div role="status" aria-live="polite">
            <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('billing.success.pendingHeading')}</h1>
            <p className="mt-4 text-stone-700">{gaveUp ? t('billing.success.pendingLong') : t('billing.success.pending')}</p>
          </div>
        )}
        {(checkout.status === 'failed' || checkout.status === 'expired') && (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('billing.success.failedHeading')}</h1>
            <p className="mt-4 text-stone-700">{t('billing.success.failed')}</p>
          </>
        )}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link href={url('dashboard.general')} className={buttonClass()}>
            {t('billing.success.toDashboard')}
          </Link>
          <Link href={url('buyTokens')} className={buttonClass({ variant: 'secondary' })}>
            {t('billing.success.buyMore')}
          </Link>
        </div>
      </Card>
    </section>
  )
}
