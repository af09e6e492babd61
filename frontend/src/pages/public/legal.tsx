import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { usePageProps } from '../../hooks/use-page-props'

/** Legal notice (« mentions légales »): publisher, contact and host, from the server's configuration. */
export default function Legal() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const legal = app.legal
  const rows = ([
    { key: 'publisher', value: legal?.publisher },
    { key: 'address', value: legal?.address },
    { key: 'director', value: legal?.director },
    { key: 'host', value: legal?.host },
  ] as const).filter((row) => row.value)
  return (
    <article className="container-page max-w-3xl py-16">
      <Head title={t('legal.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{t('legal.title')}</h1>
      <dl className="mt-8 grid gap-4">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-sm font-semibold text-stone-900">{t(`legal.${row.key}`)}</dt>
            <dd className="mt-1 text-stone-700">{row.value}</dd>
          </div>
        ))}
        {legal?.contactEmail && (
          <div>
            <dt className="text-sm font-semibold text-stone-900">{t('legal.contact')}</dt>
            <dd className="mt-1">
              <a href={`mailto:${legal.contactEmail}`} className="font-medium text-brand-800 underline" data-testid="legal-contact">
                {legal.contactEmail}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </article>
  )
}
