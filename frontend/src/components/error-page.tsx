import { Head, Link, usePage } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../lib/routes.gen'
import { buttonClass } from './ui/button'

type ErrorKind = 'badRequest' | 'formResent' | 'notFound' | 'serverError' | 'forbidden' | 'pageExpired' | 'methodNotAllowed' | 'unavailable'

/** The body of every error page; shows the request id the server sent, for a person to quote. */
export default function ErrorPage({ kind, status, action }: { kind: ErrorKind; status: number; action?: ReactNode }) {
  const { t } = useTranslation()
  const requestId = (usePage().props as { requestId?: string }).requestId
  return (
    <section className="container-page flex flex-col items-center py-24 text-center sm:py-32" data-testid={`error-${status}`}>
      <Head title={t(`errors.${kind}.title`)} />
      <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{t('errors.code', { status })}</p>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">{t(`errors.${kind}.title`)}</h1>
      <p className="mt-5 max-w-lg text-lg text-stone-600">{t(`errors.${kind}.body`)}</p>
      {requestId && (
        <p className="mt-3 text-sm text-stone-600" data-testid="request-id">
          {t('errors.reference', { id: requestId })}
        </p>
      )}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        {action}
        <Link href={url('index')} className={buttonClass({ variant: action ? 'secondary' : 'primary' })}>
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  )
}
