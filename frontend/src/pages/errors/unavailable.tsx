import { useTranslation } from 'react-i18next'
import ErrorPage from '../../components/error-page'
import { Button } from '../../components/ui/button'

/** 503: the database cannot be reached for now; the app recovers by itself. */
export default function Unavailable() {
  const { t } = useTranslation()
  return (
    <ErrorPage
      kind="unavailable"
      status={503}
      action={
        <Button type="button" onClick={() => window.location.reload()}>
          {t('errors.unavailable.retry')}
        </Button>
      }
    />
  )
}
