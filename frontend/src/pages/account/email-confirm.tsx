import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { usePageProps } from '../../hooks/use-page-props'
import { Card } from '../../components/ui/card'
import { buttonClass } from '../../components/ui/button'

/**
 * The link emailed to a new address. Opening it changes nothing (mail scanners open links
 * too): the button's POST (CSRF-protected) does, in a browser signed in to the account that
 * asked. Other states say why the link changes nothing and where to go.
 */
export default function EmailConfirm() {
  const { t } = useTranslation()
  const { state, email = '', token = '' } = usePageProps<'account/email-confirm'>()
  const confirming = state === 'confirm'
  const heading = confirming ? t('profile.email.confirm.heading') : t(`profile.email.states.${state}.heading`)
  return (
    <div className="mx-auto max-w-xl" data-testid="email-confirm" data-state={state}>
      <Head title={t('profile.email.confirm.title')} />
      <Card as="section" aria-labelledby="email-confirm-title">
        <h1 id="email-confirm-title" className="text-2xl font-extrabold tracking-tight text-stone-900">
          {heading}
        </h1>
        <p className="mt-3 break-words text-stone-700">
          {confirming ? t('profile.email.confirm.text', { email }) : t(`profile.email.states.${state}.text`)}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {confirming && (
            <Link
              href={url('account.email.confirm.post', { params: { token } })}
              method="post"
              as="button"
              className={buttonClass({ className: 'break-all' })}
              data-testid="email-confirm-submit"
            >
              {t('profile.email.confirm.submit', { email })}
            </Link>
          )}
          {state === 'other_account' && (
            <Link href={url('auth.logout.post')} method="post" as="button" className={buttonClass()}>
              {t('profile.email.confirm.logout')}
            </Link>
          )}
          <Link href={url('dashboard.account')} className={buttonClass({ variant: 'secondary' })}>
            {confirming ? t('profile.email.confirm.cancel') : t('profile.email.confirm.back')}
          </Link>
        </div>
      </Card>
    </div>
  )
}
