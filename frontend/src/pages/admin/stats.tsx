import { Head, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminNav, When } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { TokenBars } from '../../components/admin/bar-chart'
import { url } from '../../lib/api'
import { formatMoney, formatRatio } from '../../lib/format'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import { Button } from '../../components/ui/button'
import { Select } from '../../components/ui/select'

const STATS_DAYS = 30

const dayLabel = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale === 'fr' ? 'fr-FR' : 'en-GB', { day: '2-digit', month: '2-digit', timeZone: 'UTC' })

/** /dashboard/admin/stats: tokens, revenue, generation, sign-ups, projections and jobs. */
export default function Stats() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { stats, projectionNames } = usePageProps<'admin/stats'>()
  const rebuild = useForm({ projection: projectionNames[0] ?? '' })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    rebuild.post(url('dashboard.admin.projections.rebuild.post'), { preserveScroll: true })
  }
  const g = stats.generation
  return (
    <div className="mx-auto max-w-6xl">
      <Head title={t('admin.stats.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="stats" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-stone-600">{t('admin.stats.intro', { days: STATS_DAYS })}</p>
        <Button variant="secondary" type="button" onClick={() => router.reload()}>
          {t('admin.stats.refresh')}
        </Button>
      </div>

      <section aria-labelledby="tokens-heading" className="mt-6 space-y-3">
        <h2 id="tokens-heading" className="text-xl font-bold text-stone-900">
          {t('admin.stats.tokensHeading')}
        </h2>
        <TokenBars days={stats.tokens} />
        <TableFrame>
          <Table data-testid="tokens-table">
            <TableHeader>
              <tr>
                <TableHead>{t('admin.stats.colDay')}</TableHead>
                <TableHead>{t('admin.stats.granted')}</TableHead>
                <TableHead>{t('admin.stats.refunded')}</TableHead>
                <TableHead>{t('admin.stats.purchased')}</TableHead>
                <TableHead>{t('admin.stats.spent')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {stats.tokens.map((d) => (
                <TableRow key={d.day}>
                  <TableHead scope="row">{dayLabel(d.day, locale)}</TableHead>
                  <TableCell>{d.granted}</TableCell>
                  <TableCell>{d.refunded}</TableCell>
                  <TableCell>{d.purchased}</TableCell>
                  <TableCell>{d.spent}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      </section>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="stats-columns">
        <section aria-labelledby="revenue-heading">
          <h2 id="revenue-heading" className="text-xl font-bold text-stone-900">
            {t('admin.stats.revenueHeading')}
          </h2>
          {stats.revenue.length === 0 ? (
            <p className="mt-2 text-stone-600">{t('admin.stats.revenueEmpty')}</p>
          ) : (
            <TableFrame className="mt-2">
              <Table>
                <TableHeader>
                  <tr>
                    <TableHead>{t('admin.stats.colCurrency')}</TableHead>
                    <TableHead>{t('admin.stats.colPurchases')}</TableHead>
                    <TableHead>{t('admin.stats.colPaid')}</TableHead>
                    <TableHead>{t('admin.stats.colRefunded')}</TableHead>
                    <TableHead>{t('admin.stats.colNet')}</TableHead>
                  </tr>
                </TableHeader>
                <tbody>
                  {stats.revenue.map((r) => (
                    <TableRow key={r.currency}>
                      <TableHead scope="row">{r.currency}</TableHead>
                      <TableCell>{r.purchases}</TableCell>
                      <TableCell>{formatMoney(r.paidCents, r.currency, locale)}</TableCell>
                      <TableCell>{formatMoney(r.refundedCents, r.currency, locale)}</TableCell>
                      <TableCell>{formatMoney(r.netCents, r.currency, locale)}</TableCell>
                    </TableRow>
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </section>

        <section aria-labelledby="generation-heading">
          <h2 id="generation-heading" className="text-xl font-bold text-stone-900">
            {t('admin.stats.generationHeading')}
          </h2>
          <ul className="mt-2 space-y-1 text-stone-800">
            <li>{t('admin.stats.requests', { count: g.requests })}</li>
            <li>{t('admin.stats.successRate', { rate: g.recipesAsked ? formatRatio(g.recipesDelivered / g.recipesAsked, locale) : '—' })}</li>
            <li>{t('admin.stats.failed', { count: g.failedRequests })}</li>
            <li>{t('admin.stats.refundRate', { count: g.tokensRefunded })}</li>
            <li>{t('admin.stats.running', { count: g.requestsRunning })}</li>
            <li>{t('admin.stats.needs', { count: stats.needsCalculations })}</li>
          </ul>
        </section>
      </div>

      <section aria-labelledby="signups-heading" className="mt-8">
        <h2 id="signups-heading" className="text-xl font-bold text-stone-900">
          {t('admin.stats.signupsHeading')}
        </h2>
        <TableFrame className="mt-2">
          <Table>
            <TableHeader>
              <tr>
                <TableHead>{t('admin.stats.colDay')}</TableHead>
                <TableHead>{t('admin.stats.signUps')}</TableHead>
                <TableHead>{t('admin.stats.verified')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {stats.signUps.map((d) => (
                <TableRow key={d.day}>
                  <TableHead scope="row">{dayLabel(d.day, locale)}</TableHead>
                  <TableCell>{d.signUps}</TableCell>
                  <TableCell>{d.verified}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      </section>

      <section aria-labelledby="system-heading" className="mt-8">
        <h2 id="system-heading" className="text-xl font-bold text-stone-900">
          {t('admin.stats.systemHeading')}
        </h2>
        <p className="mt-2 text-stone-800" data-testid="queue-depth">
          {t('admin.stats.queue', stats.queue)}
        </p>
        <TableFrame className="mt-2">
          <Table>
            <TableHeader>
              <tr>
                <TableHead>{t('admin.stats.colProjection')}</TableHead>
                <TableHead>{t('admin.stats.colPending')}</TableHead>
                <TableHead>{t('admin.stats.colState')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {stats.projections.map((p) => (
                <TableRow key={p.name}>
                  <TableHead scope="row" className="font-mono text-xs">{p.name}</TableHead>
                  <TableCell>{p.pending}</TableCell>
                  <TableCell>{p.failing ? t('admin.stats.failing') : t('admin.stats.ok')}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>

        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2" aria-labelledby="rebuild-heading">
          <h3 id="rebuild-heading" className="w-full text-lg font-bold text-stone-900">
            {t('admin.stats.rebuildHeading')}
          </h3>
          <label className="text-sm font-medium text-stone-700">
            {t('admin.stats.rebuildField')}
            <Select
              id="rebuild-projection"
              size="sm"
              value={rebuild.data.projection}
              onChange={(e) => rebuild.setData('projection', e.target.value)}
              invalid={!!rebuild.errors.projection}
              className="mt-1 block"
              options={projectionNames.map((n) => ({ value: n, label: n }))}
            />
          </label>
          <Button variant="secondary" type="submit" disabled={rebuild.processing}>
            {t('admin.stats.rebuild')}
          </Button>
          {rebuild.errors.projection && (
            <p role="alert" className="w-full text-sm font-medium text-red-700">
              {rebuild.errors.projection}
            </p>
          )}
        </form>
        {stats.rebuilds.length > 0 && (
          <>
            <h3 className="mt-4 text-lg font-bold text-stone-900">{t('admin.stats.rebuildsHeading')}</h3>
            <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="rebuilds">
              {stats.rebuilds.map((r) => (
                <li key={r.createdAt + r.projection} className="py-2">
                  <When at={r.createdAt} locale={locale} /> — <span className="font-mono">{r.projection}</span> —{' '}
                  {t(`admin.stats.rebuildState.${r.state}`, { defaultValue: r.state })}
                  {r.output && <> ({t('admin.stats.rebuildDone', { events: r.output.events, seconds: r.output.seconds.toFixed(1) })})</>}
                  {r.error && <span className="block text-red-700">{r.error}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}
