import { Head, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from '../../components/auth/form-field'
import { url } from '../../lib/routes.gen'

type Props = { email: string; currentSession: { userAgent: string } }

/** Settings: sessions (sign out everywhere else), data export, account deletion. */
export default function SettingsPage({ currentSession }: Props) {
  const { t } = useTranslation()
  const del = useForm({ email: '' })
  const remove = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    del.delete(url('account.delete'), { preserveScroll: true })
  }
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <Head title={t('profile.settings.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.settings.title')}</h1>

      <section aria-labelledby="sessions-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 id="sessions-title" className="text-lg font-bold text-stone-900">
          {t('profile.settings.sessionsTitle')}
        </h2>
        <p className="mt-2 text-stone-800">{t('profile.settings.sessionsCurrent')}</p>
        <p className="mt-1 text-sm break-words text-stone-500">{currentSession.userAgent}</p>
        <p className="mt-3 text-sm text-stone-600">{t('profile.settings.sessionsHelp')}</p>
        <button type="button" className="btn-secondary mt-3" data-testid="sign-out-everywhere" onClick={() => router.post(url('dashboard.settings.sessions.post'), {}, { preserveScroll: true })}>
          {t('profile.settings.signOutEverywhere')}
        </button>
      </section>

      <section aria-labelledby="export-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 id="export-title" className="text-lg font-bold text-stone-900">
          {t('profile.settings.exportTitle')}
        </h2>
        <p className="mt-2 text-sm text-stone-600">{t('profile.settings.exportHelp')}</p>
        {/* A plain link: the browser downloads the file (an Inertia visit would expect a page). */}
        <a href={url('dashboard.settings.export')} download className="btn-secondary mt-3 inline-block" data-testid="export-data">
          {t('profile.settings.exportAction')}
        </a>
      </section>

      <section aria-labelledby="delete-title" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="delete-title" className="text-lg font-bold text-red-800">
          {t('profile.settings.deleteTitle')}
        </h2>
        <p id="delete-help" className="mt-2 text-sm text-stone-700">
          {t('profile.settings.deleteHelp')}
        </p>
        <form onSubmit={remove} noValidate className="mt-4 space-y-4" data-testid="delete-form" aria-describedby="delete-help">
          <FormField id="delete-email" name="email" type="email" autoComplete="off" label={t('profile.settings.deleteEmail')} value={del.data.email} onChange={(e) => del.setData('email', e.target.value)} error={del.errors.email} />
          <button type="submit" disabled={del.processing} className="rounded-xl bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-700">
            {t('profile.settings.deleteAction')}
          </button>
        </form>
      </section>
    </div>
  )
}
