import { useTranslation } from 'react-i18next'
import ErrorPage from '../../components/error-page'

/** CSRF failure (419): a full reload fetches a fresh XSRF-TOKEN cookie. */
export default function PageExpired() {
  const { t } = useTranslation()
  return (
    <ErrorPage
      kind="pageExpired"
      status={419}
      action={
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('errors.pageExpired.reload')}
        </button>
      }
    />
  )
}
