import { Head, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../components/ui/field'
import { toIntlLocale } from '../../lib/format'
import { url } from '../../lib/routes.gen'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import type { PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'

type Session = PageProps['dashboard/settings']['sessions'][number]

/** Settings: the signed-in sessions (sign one out, or every other one), data export, account deletion. */
export default function SettingsPage() {
  const { t } = useTranslation()
  const { sessions = [] } = usePageProps<'dashboard/settings'>()
  const del = useForm({ email: '' })
  const remove = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    del.delete(url('account.delete'), { preserveScroll: true })
  }
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <Head title={t('profile.settings.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.settings.title')}</h1>

      <Card as="section" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="text-lg font-bold text-stone-900">
          {t('profile.settings.sessionsTitle')}
        </h2>
        <p className="mt-2 text-sm text-stone-600">{t('profile.settings.sessionsIntro')}</p>
        <ul className="mt-4 divide-y divide-stone-200 border-y border-stone-200" data-testid="sessions">
          {sessions.map((s) => (
            <SessionItem key={s.id} session={s} />
          ))}
        </ul>
        <p className="mt-3 text-sm text-stone-600">{t('profile.settings.sessionsHelp')}</p>
        <Button variant="secondary" type="button" className="mt-3" data-testid="sign-out-everywhere" onClick={() => router.post(url('dashboard.settings.sessions.post'), {}, { preserveScroll: true })}>
          {t('profile.settings.signOutEverywhere')}
        </Button>
      </Card>

      <Card as="section" aria-labelledby="export-title">
        <h2 id="export-title" className="text-lg font-bold text-stone-900">
          {t('profile.settings.exportTitle')}
        </h2>
        <p className="mt-2 text-sm text-stone-600">{t('profile.settings.exportHelp')}</p>
        {/* A plain link: the browser downloads the file (an Inertia visit would expect a page). */}
        <a href={url('dashboard.settings.export')} download className={buttonClass({ variant: 'secondary', className: 'mt-3 inline-block' })} data-testid="export-data">
          {t('profile.settings.exportAction')}
        </a>
      </Card>

      <section aria-labelledby="delete-title" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="delete-title" className="text-lg font-bold text-red-800">
          {t('profile.settings.deleteTitle')}
        </h2>
        <p id="delete-help" className="mt-2 text-sm text-stone-700">
          {t('profile.settings.deleteHelp')}
        </p>
        <form onSubmit={remove} noValidate className="mt-4 space-y-4" data-testid="delete-form" aria-describedby="delete-help">
          <TextField id="delete-email" name="email" type="email" autoComplete="off" label={t('profile.settings.deleteEmail')} value={del.data.email} onChange={(e) => del.setData('email', e.target.value)} error={del.errors.email} />
          <button type="submit" disabled={del.processing} className="rounded-xl bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-700">
            {t('profile.settings.deleteAction')}
          </button>
        </form>
      </section>
    </div>
  )
}

/** One signed-in browser: what it is, when it signed in and was last active, and a way to sign it out. */
function SessionItem({ session }: { session: Session }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const when = (iso: string) => {
    const d = new Date(iso)
    return <time dateTime={d.toISOString()}>{d.toLocaleString(toIntlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' })}</time>
  }
  const name = t('profile.settings.sessionName', {
    browser: session.browser || t('profile.settings.unknownBrowser'),
    os: session.os || t('profile.settings.unknownSystem'),
  })
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="session" data-current={session.current}>
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">
          {name}
          <span className="text-stone-600"> · {t(`profile.settings.devices.${session.device}`)}</span>
        </p>
        {session.current && (
          <p className="mt-1">
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800">{t('profile.settings.thisDevice')}</span>
          </p>
        )}
        <p className="mt-1 text-sm text-stone-600">
          {t('profile.settings.signedInAt')} {when(session.signedInAt)}
        </p>
        <p className="text-sm text-stone-600">
          {t('profile.settings.lastSeenAt')} {when(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          type="button"
          data-testid="session-revoke"
          onClick={() => router.delete(url('dashboard.settings.sessions.delete', { params: { id: session.id } }), { data: {}, preserveScroll: true })}
        >
          {/* The visible words start the accessible name (WCAG 2.5.3); which session follows. */}
          {t('profile.settings.revoke')}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
    </li>
  )
}
