import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import SocialButtons from '../../components/social-buttons'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { buttonClass } from '../../components/ui/button'

/** /auth: the ways to sign in that the server's configuration enables, and nothing else. */
export default function AuthChooser() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const none = !app.isOtpAvailable && !app.isCredentialsAvailable && app.availableProviders.length === 0
  return (
    <>
      <Head title={t('auth.chooser.title')} />
      <AuthHeading title={t('auth.chooser.heading')} subtitle={t('auth.chooser.subheading')} />
      {none && <p className="text-sm text-stone-600">{t('auth.chooser.none')}</p>}
      <div className="grid gap-3">
        {app.isOtpAvailable && (
          <Link href={url('auth.login', { hash: 'otp-email' })} className={buttonClass({ size: 'lg', block: true })} data-testid="chooser-otp">
            {t('auth.chooser.otp')}
          </Link>
        )}
        {app.isCredentialsAvailable && (
          <>
            <Link href={url('auth.login')} className={buttonClass({ variant: 'secondary', size: 'lg', block: true })} data-testid="chooser-credentials">
              {t('auth.chooser.credentials')}
            </Link>
            <Link href={url('auth.register')} className={buttonClass({ variant: 'secondary', size: 'lg', block: true })} data-testid="chooser-register">
              {t('auth.chooser.register')}
            </Link>
          </>
        )}
      </div>
      <SocialButtons />
    </>
  )
}
