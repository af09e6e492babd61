import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { buttonClass } from '../../components/ui/button'

/**
 * An emailed link of another account, opened in a browser already signed in: switching only
 * happens on the POST of this button (CSRF-protected), so a planted link cannot swap sessions.
 */
export default function SwitchAccount({ kind, current, target, userId, otp, token }: PageProps['auth/switch-account']) {
  const { t } = useTranslation()
  const action = kind === 'magic'
    ? url('auth.magicLink.post', { params: { userId: userId ?? '', otp: otp ?? '' } })
    : url('auth.verify.post', { params: { token: token ?? '' } })
  return (
    <>
      <Head title={t('auth.switchAccount.title')} />
      <AuthHeading title={t('auth.switchAccount.heading')} subtitle={t('auth.switchAccount.text', { current, target })} />
      <div className="grid gap-3">
        <Link href={action} method="post" as="button" className={buttonClass({ block: true, className: 'py-3' })} data-testid="switch-confirm">
          {t('auth.switchAccount.submit', { target })}
        </Link>
        <Link href={url('dashboard.general')} className={buttonClass({ variant: 'secondary', block: true, className: 'py-3' })} data-testid="switch-cancel">
          {t('auth.switchAccount.cancel', { current })}
        </Link>
      </div>
    </>
  )
}
