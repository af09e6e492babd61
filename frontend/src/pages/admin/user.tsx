import { Head, Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Label, TextField } from '../../components/ui/field'
import { ActionLine } from '../../components/admin/action-line'
import { packLabel, purchaseStatusLabel, reasonLabel } from '../../components/admin/labels'
import { AdminNav, Delta, When } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { url } from '../../lib/api'
import { formatMoney } from '../../lib/format'
import { newKey, renewKeyOnAnswer } from '../../lib/idempotency-key'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Select } from '../../components/ui/select'

/** /dashboard/admin/users/{userId}: one person, their balance, purchases and history; grant, deduct, role. */
export default function User() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { detail, self, limits } = usePageProps<'admin/user'>()
  const { person } = detail
  const adjust = useForm({ amount: '', reason: '', idempotencyKey: newKey() })
  const role = useForm({ role: person.role })
  const submitAdjust = (e: FormEvent) => {
    e.preventDefault()
    adjust.post(url('dashboard.admin.users.tokens.post', { params: { userId: person.id } }), {
      preserveScroll: true,
      // A success empties the form; any answer renews the key (a changed form is a new request).
      ...renewKeyOnAnswer(() => adjust.setData('idempotencyKey', newKey()), {
        onSuccess: () => adjust.setData({ amount: '', reason: '', idempotencyKey: newKey() }),
        onError: (errs) => document.getElementById(errs.amount ? 'adjust-amount' : 'adjust-reason')?.focus(),
      }),
    })
  }
  const submitRole = (e: FormEvent) => {
    e.preventDefault()
    role.put(url('dashboard.admin.users.role.put', { params: { userId: person.id } }), {
      preserveScroll: true,
      onError: () => document.getElementById('role-select')?.focus(),
    })
  }
  return (
    <div className="mx-auto max-w-5xl">
      <Head title={t('admin.user.title', { email: person.email })} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="users" />
      <p>
        <Link className="text-sm underline" href={url('dashboard.admin.users')}>
          {t('admin.user.back')}
        </Link>
      </p>
      <h2 className="mt-2 text-2xl font-bold break-all text-stone-900" data-testid="admin-user-email">
        {person.email}
      </h2>
      <p className="text-stone-600">
        {`${person.name} ${person.surname}`.trim()} {self && <span className="ml-2 text-sm">({t('admin.user.selfNote')})</span>}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-sm text-stone-600">{t('admin.user.balance')}</dt>
          <dd className="text-2xl font-bold" data-testid="admin-user-balance">
            {detail.balance}
          </dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-sm text-stone-600">{t('admin.user.mealPreps')}</dt>
          <dd className="text-2xl font-bold">{detail.mealPreps}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-sm text-stone-600">{t('admin.user.role')}</dt>
          <dd className="text-2xl font-bold">{person.role}</dd>
        </div>
      </dl>
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <Link className="underline" href={url('dashboard.admin.users.events', { params: { userId: person.id } })}>
          {t('admin.user.events')}
        </Link>
        <Link className="underline" href={url('dashboard.admin', { query: { user: person.id } })}>
          {t('admin.user.history')}
        </Link>
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card as="form" variant="panel" onSubmit={submitAdjust} aria-labelledby="adjust-heading" className="space-y-3" data-testid="adjust-form">
          <h3 id="adjust-heading" className="text-lg font-bold text-stone-900">
            {t('admin.user.adjustHeading')}
          </h3>
          <TextField
            id="adjust-amount"
            name="amount"
            label={t('admin.user.amount')}
            inputMode="numeric"
            pattern="-?[0-9]*"
            value={adjust.data.amount}
            onChange={(e) => {
              adjust.setData('amount', e.target.value)
              adjust.clearErrors('amount')
            }}
            error={adjust.errors.amount}
            min={-limits.maxAmount}
            max={limits.maxAmount}
          />
          <TextField
            id="adjust-reason"
            name="reason"
            label={t('admin.user.reasonField')}
            hint={t('admin.user.reasonHint')}
            maxLength={limits.maxReason}
            value={adjust.data.reason}
            onChange={(e) => {
              adjust.setData('reason', e.target.value)
              adjust.clearErrors('reason')
            }}
            error={adjust.errors.reason}
          />
          <Button type="submit" disabled={adjust.processing}>
            {t('admin.user.adjust')}
          </Button>
        </Card>

        <Card as="form" variant="panel" onSubmit={submitRole} aria-labelledby="role-heading" className="space-y-3">
          <h3 id="role-heading" className="text-lg font-bold text-stone-900">
            {t('admin.user.roleHeading')}
          </h3>
          <Label htmlFor="role-select">{t('admin.user.newRole')}</Label>
          <Select
            id="role-select"
            value={role.data.role}
            onChange={(e) => {
              role.setData('role', e.target.value)
              role.clearErrors('role')
            }}
            invalid={!!role.errors.role}
            aria-describedby={role.errors.role ? 'role-error' : undefined}
            className="block w-full"
            options={[
              { value: 'USER', label: t('admin.user.roleUser') },
              { value: 'ADMIN', label: t('admin.user.roleAdmin') },
            ]}
          />
          {role.errors.role && (
            <p id="role-error" role="alert" className="text-sm font-medium text-red-700">
              {role.errors.role}
            </p>
          )}
          <Button variant="secondary" type="submit" disabled={role.processing}>
            {t('admin.user.saveRole')}
          </Button>
        </Card>
      </div>

      <section aria-labelledby="purchases-heading" className="mt-8">
        <h3 id="purchases-heading" className="text-lg font-bold text-stone-900">
          {t('admin.user.purchases')}
        </h3>
        {detail.purchases.length === 0 ? (
          <p className="mt-2 text-stone-600">{t('admin.user.purchasesEmpty')}</p>
        ) : (
          <TableFrame className="mt-2">
            <Table>
              <TableHeader>
                <tr>
                  <TableHead>{t('admin.audit.colDate')}</TableHead>
                  <TableHead>{t('admin.user.colPack')}</TableHead>
                  <TableHead>{t('admin.user.colPaid')}</TableHead>
                  <TableHead>{t('admin.user.colStatus')}</TableHead>
                  <TableHead>{t('admin.user.colRefunded')}</TableHead>
                </tr>
              </TableHeader>
              <tbody>
                {detail.purchases.map((p) => (
                  <TableRow key={p.checkoutId}>
                    <TableCell className="whitespace-nowrap">
                      <When at={p.startedAt} locale={locale} />
                    </TableCell>
                    <TableCell title={p.packId}>{packLabel(t, p.tokens)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {p.status === 'completed' ? (
                        formatMoney(p.amountPaidCents, p.currency, locale)
                      ) : (
                        // A checkout not paid (yet) shows the price it asks, promo applied.
                        <>
                          {formatMoney(p.amountDueCents, p.currency, locale)}{' '}
                          <span className="text-xs text-stone-600">{t(p.status === 'started' ? 'admin.user.due' : 'admin.user.unpaid')}</span>
                        </>
                      )}
                      {p.promoCode && <span className="ml-1 text-xs text-stone-600">({p.promoCode})</span>}
                    </TableCell>
                    <TableCell>{purchaseStatusLabel(t, p.status)}</TableCell>
                    <TableCell className="whitespace-nowrap">{p.refundedCents > 0 ? formatMoney(p.refundedCents, p.currency, locale) : '—'}</TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
      </section>

      <section aria-labelledby="history-heading" className="mt-8">
        <h3 id="history-heading" className="text-lg font-bold text-stone-900">
          {t('admin.user.historyHeading')}
        </h3>
        <ul className="mt-2 divide-y divide-stone-100" data-testid="admin-user-history">
          {detail.history.map((e) => (
            <li key={e.position} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span>
                <When at={e.occurredAt} locale={locale} /> — {reasonLabel(t, e.reason)}
              </span>
              <span>
                <Delta value={e.delta} /> → {e.balanceAfter}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="user-actions-heading" className="mt-8">
        <h3 id="user-actions-heading" className="text-lg font-bold text-stone-900">
          {t('admin.user.actionsHeading')}
        </h3>
        {detail.actions.length === 0 ? (
          <p className="mt-2 text-stone-600">{t('admin.audit.actionsEmpty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100" data-testid="admin-user-actions">
            {detail.actions.map((a) => (
              <ActionLine key={a.id} a={a} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
