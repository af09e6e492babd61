import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { url } from '../../lib/routes.gen'
import { buttonClass } from '../../components/ui/button'

interface Props {
  kind: 'verify' | 'magic' | 'reset'
  reason: 'expired' | 'used' | 'invalid'
  email?: string
  /** The account this browser is signed in to: the way on is its dashboard, never "sign in". */
  signedInAs?: string
}

/** An expired, spent or never-valid emailed link: says which, and offers the way to a new one (signed in: the dashboard). */
export default function LinkInvalid({ kind, reason, email, signedInAs }: Props) {
  const { t } = useTranslation()
  const suffix = reason === 'expired' ? 'Expired' : reason === 'invalid' ? 'Invalid' : 'Used'
  const text = signedInAs ? t(`auth.link.${kind}${suffix}SignedIn`, { email: signedInAs }) : t(`auth.link.${kind}${suffix}`)
  return (
    <div data-testid="link-invalid" data-kind={kind} data-reason={reason}>
      <Head title={t('auth.link.title')} />
      <AuthHeading title={t(`auth.link.${reason}Heading`)} subtitle={text} />
      {signedInAs ? (
        <div className="grid gap-3">
          {kind === 'reset' && (
            <Link href={url('account')} className={buttonClass({ block: true, className: 'py-3' })}>
              {t('auth.link.changePassword')}
            </Link>
          )}
          <Link href={url('dashboard.general')} className={buttonClass({ variant: kind === 'reset' ? 'secondary' : 'primary', block: true, className: 'py-3' })}>
            {t('auth.link.dashboard')}
          </Link>
        </div>
      ) : (
        <div className="grid gap-3">
          {kind === 'reset' ? (
            <Link href={url('resetPassword.forgottenPassword', { query: { email: email || undefined } })} className={buttonClass({ block: true, className: 'py-3' })}>
              {t('auth.link.newReset')}
            </Link>
          ) : (
            <Link href={url('auth.login', { hash: 'otp-email' })} className={buttonClass({ block: true, className: 'py-3' })}>
              {t('auth.link.newCode')}
            </Link>
          )}
          <Link href={url('auth.login')} className={buttonClass({ variant: 'secondary', block: true, className: 'py-3' })}>
            {t('auth.link.login')}
          </Link>
        </div>
      )}
    </div>
  )
}
