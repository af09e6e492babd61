import { useTranslation } from 'react-i18next'
import ErrorPage from '../../components/error-page'
import { Button } from '../../components/ui/button'

/** CSRF failure (419): a full reload fetches a fresh XSRF-TOKEN cookie. */
export default function PageExpired() {
  const { t } = useTranslation()
  return (
    <ErrorPage
      kind="pageExpired"
      status={419}
      action={
        <Button type="button" onClick={() => window.location.reload()}>
          {t('errors.pageExpired.reload')}
        </Button>
      }
    />
  )
}
