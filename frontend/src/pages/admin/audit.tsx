import { Head, Link, router } from '@inertiajs/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionLine } from '../../components/admin/action-line'
import { AdminNav, Delta, When } from '../../components/admin/admin-nav'
import { actorLabel, reasonLabel } from '../../components/admin/labels'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import type { PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'
import { FieldError, Input } from '../../components/ui/field'
import { Select } from '../../components/ui/select'

type AuditFilters = PageProps['admin/audit']['filters']

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
  const err = (k: keyof AuditFilters) => <FieldError id={`audit-${k}`} message={errors[k]} />
  const input = (k: 'user' | 'from' | 'to', type: string, label: string) => (
    <div>
      <label htmlFor={`audit-${k}`} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <Input
        id={`audit-${k}`}
        type={type}
        size="sm"
        value={form[k]}
        onChange={set(k)}
        invalid={!!errors[k]}
        aria-describedby={errors[k] ? `audit-${k}-error` : undefined}
        className="mt-1 block w-full"
      />
      {err(k)}
    </div>
  )
  const select = (k: 'reason' | 'sign', label: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`audit-${k}`} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <Select
        id={`audit-${k}`}
        size="sm"
        value={form[k]}
        onChange={set(k)}
        invalid={!!errors[k]}
        aria-describedby={errors[k] ? `audit-${k}-error` : undefined}
        className="mt-1 block w-full"
        options={options.map(([value, label]) => ({ value, label }))}
      />
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
          <Table aria-label={t('admin.audit.tableLabel')} data-testid="audit-table">
            <TableHeader>
              <tr>
                <TableHead>{t('admin.audit.colDate')}</TableHead>
                <TableHead>{t('admin.audit.colPerson')}</TableHead>
                <TableHead>{t('admin.audit.colReason')}</TableHead>
                <TableHead className="text-right">{t('admin.audit.colDelta')}</TableHead>
                <TableHead className="text-right">{t('admin.audit.colBalance')}</TableHead>
                <TableHead>{t('admin.audit.colActor')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {page.entries.map((e) => (
                <TableRow key={e.position}>
                  <TableCell className="whitespace-nowrap">
                    <When at={e.occurredAt} locale={locale} />
                  </TableCell>
                  <TableCell>
                    <Link className="underline" href={url('dashboard.admin.users.show', { params: { userId: e.userId } })}>
                      {e.email || `${e.userId.slice(0, 8)} (${t('admin.audit.deleted')})`}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {reasonLabel(t, e.reason)}
                    {e.note && <span className="block text-xs text-stone-600">{t('admin.note')} : {e.note}</span>}
                  </TableCell>
                  <TableCell className="text-right">
                    <Delta value={e.delta} />
                  </TableCell>
                  <TableCell className="text-right">{e.balanceAfter}</TableCell>
                  <TableCell className="text-xs break-all" title={e.actor}>{actorLabel(t, e.actor, e.actorName)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
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
