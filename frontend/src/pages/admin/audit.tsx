import { Head, Link, router } from '@inertiajs/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionLine } from '../../components/admin/action-line'
import { AdminNav, Delta, When } from '../../components/admin/admin-nav'
import { actorLabel, reasonLabel } from '../../components/admin/labels'
import { TableFrame } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../lib/shared-props'
import { useLocale } from '../../lib/use-locale'
import type { PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'

type AuditFilters = PageProps['admin/audit']['filters']

const field =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent-700'

/** Only the filters that are set, for links and the export. */
function activeFilters(f: Omit<AuditFilters, 'cursor'>): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''))
}

/** /dashboard/admin: the token history, filtered, newest first, one keyset page at a time. */
export default function Audit() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { filters, page, actions, reasons, errors = {} } = usePageProps<'admin/audit'>()
  const [form, setForm] = useState({ user: filters.user, reason: filters.reason, from: filters.from, to: filters.to, sign: filters.sign })
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    router.get(url('dashboard.admin'), activeFilters(form), { preserveState: true })
  }
  const current = activeFilters({ user: filters.user, reason: filters.reason, from: filters.from, to: filters.to, sign: filters.sign })
  const exportHref = url('dashboard.admin.exportCsv', { query: current })
  const err = (k: keyof AuditFilters) =>
    errors[k] && (
      <p id={`audit-${k}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
        {errors[k]}
      </p>
    )
  const input = (k: 'user' | 'from' | 'to', type: string, label: string) => (
    <div>
      <label htmlFor={`audit-${k}`} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={`audit-${k}`}
        type={type}
        value={form[k]}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `audit-${k}-error` : undefined}
        className={`${field} ${errors[k] ? 'border-red-500' : 'border-stone-300'}`}
      />
      {err(k)}
    </div>
  )
  const select = (k: 'reason' | 'sign', label: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`audit-${k}`} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={`audit-${k}`}
        value={form[k]}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `audit-${k}-error` : undefined}
        className={`${field} ${errors[k] ? 'border-red-500' : 'border-stone-300'}`}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {err(k)}
    </div>
  )
  return (
    <div className="mx-auto max-w-6xl">
      <Head title={t('admin.audit.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="audit" />
      <h2 className="text-xl font-bold text-stone-900">{t('admin.audit.title')}</h2>
      <p className="mt-1 text-stone-600">{t('admin.audit.intro')}</p>

      <Card as="form" variant="panel" onSubmit={submit} aria-label={t('admin.audit.filters')} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="sm:col-span-2">{input('user', 'search', t('admin.audit.user'))}</div>
        {select('reason', t('admin.audit.reason'), [['', t('admin.audit.anyReason')], ...reasons.map((r): [string, string] => [r, reasonLabel(t, r)])])}
        {input('from', 'date', t('admin.audit.from'))}
        {input('to', 'date', t('admin.audit.to'))}
        {select('sign', t('admin.audit.sign'), [['', t('admin.audit.anySign')], ['positive', t('admin.audit.positive')], ['negative', t('admin.audit.negative')]])}
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">
            {t('admin.audit.apply')}
          </Button>
          <Link href={url('dashboard.admin')} className={buttonClass({ variant: 'secondary' })}>
            {t('admin.audit.reset')}
          </Link>
          <a href={exportHref} className={buttonClass({ variant: 'secondary' })} data-testid="audit-export">
            {t('admin.audit.export')}
          </a>
        </div>
        {err('cursor')}
      </Card>

      <section aria-labelledby="audit-totals" className="mt-4 rounded-xl bg-stone-50 p-4 text-sm text-stone-800" data-testid="audit-totals">
        <h3 id="audit-totals" className="font-semibold">
          {t('admin.audit.totals')}
        </h3>
        <p className="mt-1 flex flex-wrap gap-x-4">
          <span>{t('admin.audit.entries', { count: page.totals.entries })}</span>
          <span>{t('admin.audit.credits', { count: page.totals.credits })}</span>
          <span>{t('admin.audit.debits', { count: page.totals.debits })}</span>
          <span>{t('admin.audit.net', { count: page.totals.net })}</span>
        </p>
      </section>

      {page.entries.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('admin.audit.empty')}</p>
      ) : (
        <TableFrame className="mt-4">
          <table className="min-w-full text-left text-sm" aria-label={t('admin.audit.tableLabel')} data-testid="audit-table">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2">{t('admin.audit.colDate')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.audit.colPerson')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.audit.colReason')}</th>
                <th scope="col" className="px-3 py-2 text-right">{t('admin.audit.colDelta')}</th>
                <th scope="col" className="px-3 py-2 text-right">{t('admin.audit.colBalance')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.audit.colActor')}</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <tr key={e.position} className="border-t border-stone-100">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <When at={e.occurredAt} locale={locale} />
                  </td>
                  <td className="px-3 py-2">
                    <Link className="underline" href={url('dashboard.admin.users.show', { params: { userId: e.userId } })}>
                      {e.email || `${e.userId.slice(0, 8)} (${t('admin.audit.deleted')})`}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {reasonLabel(t, e.reason)}
                    {e.note && <span className="block text-xs text-stone-600">{t('admin.note')} : {e.note}</span>}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Delta value={e.delta} />
                  </td>
                  <td className="px-3 py-2 text-right">{e.balanceAfter}</td>
                  <td className="px-3 py-2 text-xs break-all" title={e.actor}>{actorLabel(t, e.actor, e.actorName)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className="mt-4 flex gap-3">
        {filters.cursor && (
          <Link href={url('dashboard.admin', { query: current })} className={buttonClass({ variant: 'secondary' })}>
            {t('admin.audit.first')}
          </Link>
        )}
        {page.nextCursor && (
          <Link href={url('dashboard.admin', { query: { ...current, cursor: page.nextCursor } })} className={buttonClass({ variant: 'secondary' })} data-testid="audit-next">
            {t('admin.audit.next')}
          </Link>
        )}
      </div>

      <section aria-labelledby="admin-actions" className="mt-10">
        <h2 id="admin-actions" className="text-xl font-bold text-stone-900">
          {t('admin.audit.actionsHeading')}
        </h2>
        {actions.length === 0 ? (
          <p className="mt-2 text-stone-600">{t('admin.audit.actionsEmpty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100" data-testid="admin-actions">
            {actions.map((a) => (
              <ActionLine key={a.id} a={a} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
