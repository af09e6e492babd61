import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { actorLabel } from '../../components/admin/labels'
import { AdminNav, When } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'

/** /dashboard/admin/users/{userId}/events: the person's raw wallet and meal-prep streams. */
export default function Events() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { userId, email, streams } = usePageProps<'admin/events'>()
  const who = email || userId
  return (
    <div className="mx-auto max-w-6xl">
      <Head title={t('admin.events.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="users" />
      <p>
        <Link className="text-sm underline" href={url('dashboard.admin.users.show', { params: { userId } })}>
          {who}
        </Link>
      </p>
      <h2 className="mt-2 text-2xl font-bold break-all text-stone-900">{t('admin.events.heading', { who })}</h2>
      <p className="mt-1 text-stone-600">{t('admin.events.intro')}</p>
      {streams.map((s) => (
        <section key={s.streamId} aria-labelledby={`stream-${s.streamId}`} className="mt-6" data-testid="event-stream">
          <h3 id={`stream-${s.streamId}`} className="text-lg font-bold text-stone-900">
            {t(`admin.events.${s.kind}`, { defaultValue: s.kind })} <span className="font-mono text-sm font-normal break-all text-stone-600">{s.streamId}</span>
          </h3>
          {s.events.length === 0 ? (
            <p className="mt-2 text-stone-600">{t('admin.events.empty')}</p>
          ) : (
            <TableFrame className="mt-2">
              <Table>
                <TableHeader>
                  <tr>
                    <TableHead>{t('admin.events.colPosition')}</TableHead>
                    <TableHead>{t('admin.events.colVersion')}</TableHead>
                    <TableHead>{t('admin.events.colType')}</TableHead>
                    <TableHead>{t('admin.events.colDate')}</TableHead>
                    <TableHead>{t('admin.events.colActor')}</TableHead>
                    <TableHead>{t('admin.events.colPayload')}</TableHead>
                  </tr>
                </TableHeader>
                <tbody>
                  {s.events.map((e) => (
                    <TableRow key={e.position} className="align-top">
                      <TableCell>{e.position}</TableCell>
                      <TableCell>{e.version}</TableCell>
                      <TableCell className="font-mono text-xs">{e.type}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <When at={e.recordedAt} locale={locale} />
                      </TableCell>
                      <TableCell className="text-xs break-all" title={e.actor}>
                        {actorLabel(t, e.actor, e.actorName)}
                        {e.idempotencyKey && <span className="block text-stone-500">{e.idempotencyKey}</span>}
                      </TableCell>
                      <TableCell>
                        <pre className="max-w-md font-mono text-xs whitespace-pre-wrap break-all">{e.payload}</pre>
                      </TableCell>
                    </TableRow>
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </section>
      ))}
    </div>
  )
}
