import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { url } from '../../lib/routes.gen'
import { buttonClass } from '../../components/ui/button'

/** GET /auth/logout asks first: signing out only happens on POST. */
export default function Logout() {
  const { t } = useTranslation()
  return (
    <>
      <Head title={t('auth.logout.title')} />
      <AuthHeading title={t('auth.logout.heading')} subtitle={t('auth.logout.text')} />
      <div className="grid gap-3">
        <Link href={url('auth.logout.post')} method="post" as="button" className={buttonClass({ block: true, className: 'py-3' })} data-testid="logout-confirm">
          {t('auth.logout.submit')}
        </Link>
        <Link href={url('dashboard.general')} className={buttonClass({ variant: 'secondary', block: true, className: 'py-3' })}>
          {t('auth.logout.cancel')}
        </Link>
      </div>
    </>
  )
}
