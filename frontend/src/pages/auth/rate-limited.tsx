import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { Button } from '../../components/ui/button'

/** 429 on the sign-in routes: the server's translated message says how long to wait. */
export default function RateLimited({ message }: { message: string; retryAfter: number }) {
  const { t } = useTranslation()
  return (
    <div data-testid="rate-limited">
      <Head title={t('auth.rateLimited.title')} />
      <AuthHeading title={t('auth.rateLimited.heading')} subtitle={message} />
      <Button variant="secondary" block type="button" onClick={() => window.history.back()} className="py-3">
        {t('auth.rateLimited.back')}
      </Button>
    </div>
  )
}
