import { Head, router, usePage } from '@inertiajs/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { AdminNav } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { BuyForm } from '../../components/billing/buy-form'
import { CurrencySwitch, TestModeBanner } from '../../components/billing/pack-grid'
import { formatMoney } from '../../lib/format'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import type { CataloguePack, RecentCheckout } from '../../types'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/field'
import { Select } from '../../components/ui/select'
type PackErrors = Partial<Record<'id' | 'tokens' | 'prices.EUR' | 'prices.USD' | 'badge' | 'packId', string>>

const toCents = (v: string) => Math.round(Number.parseFloat(v.replace(',', '.')) * 100)
const toUnits = (cents: number | undefined) => (cents ? (cents / 100).toFixed(2) : '')

/** One pack's edit form (or the "add a pack" form when pack is undefined). */
function PackEditor({ pack }: { pack?: CataloguePack }) {
  const { t } = useTranslation()
  const [confirm, dialog] = useConfirm()
  const errors = ((usePage().props as { errors?: PackErrors }).errors ?? {}) as PackErrors
  const [id, setId] = useState(pack?.id ?? '')
  const [tokens, setTokens] = useState(String(pack?.tokens ?? ''))
  const [eur, setEur] = useState(toUnits(pack?.prices.EUR))
  const [usd, setUsd] = useState(toUnits(pack?.prices.USD))
  const [badge, setBadge] = useState(pack?.badge ?? '')
  const prefix = `pack-${pack?.id ?? 'new'}`
  const save = (e: FormEvent) => {
    e.preventDefault()
    router.put(
      url('products.put'),
      { id: id.trim(), tokens: Number.parseInt(tokens, 10) || 0, prices: { EUR: toCents(eur) || 0, USD: toCents(usd) || 0 }, badge },
      { preserveScroll: true },
    )
  }
  const retire = async () => {
    if (pack && (await confirm(t('billing.products.retireConfirm', { id: pack.id })))) {
      router.delete(url('products.delete'), { data: { id: pack.id }, preserveScroll: true })
    }
  }
  const field = 'mt-1 block w-full'
  return (
    <Card as="form" variant="panel" onSubmit={save} aria-label={pack ? t('billing.products.editLabel', { id: pack.id }) : t('billing.products.add')} className="grid gap-3 sm:grid-cols-6 sm:items-end" data-testid={`editor-${pack?.id ?? 'new'}`}>
      {dialog}
      <label className="text-sm font-medium text-stone-700 sm:col-span-1">
        {t('billing.products.id')}
        <Input size="sm" className={field} value={id} onChange={(e) => setId(e.target.value)} readOnly={!!pack} id={`${prefix}-id`} />
      </label>
      <label className="text-sm font-medium text-stone-700">
        {t('billing.products.tokens')}
        <Input size="sm" className={field} inputMode="numeric" value={tokens} onChange={(e) => setTokens(e.target.value)} disabled={pack && !pack.active} />
      </label>
      <label className="text-sm font-medium text-stone-700">
        {t('billing.products.priceEUR')}
        <Input size="sm" className={field} inputMode="decimal" value={eur} onChange={(e) => setEur(e.target.value)} disabled={pack && !pack.active} />
      </label>
      <label className="text-sm font-medium text-stone-700">
        {t('billing.products.priceUSD')}
        <Input size="sm" className={field} inputMode="decimal" value={usd} onChange={(e) => setUsd(e.target.value)} disabled={pack && !pack.active} />
      </label>
      <label className="text-sm font-medium text-stone-700">
        {t('billing.products.badge')}
        <Select size="sm" className={field} value={badge} onChange={(e) => setBadge(e.target.value)} disabled={pack && !pack.active}>
          <option value="">{t('billing.products.badgeNone')}</option>
          <option value="most_popular">{t('billing.pack.mostPopular')}</option>
          <option value="best_value">{t('billing.pack.bestValue')}</option>
        </Select>
      </label>
      <div className="flex flex-col gap-2">
        {pack && (
          <p className="text-xs font-semibold text-stone-500">
            {pack.active ? t('billing.products.active') : t('billing.products.retired')}
          </p>
        )}
        {(!pack || pack.active) && (
          <Button type="submit">
            {pack ? t('billing.products.save') : t('billing.products.add')}
          </Button>
        )}
        {pack?.active && (
          <Button variant="secondary" type="button" onClick={retire}>
            {t('billing.products.retire')}
          </Button>
        )}
      </div>
      {!pack &&
        (['id', 'tokens', 'prices.EUR', 'prices.USD', 'badge', 'packId'] as const).map(
          (k) =>
            errors[k] && (
              <p key={k} role="alert" className="text-sm font-medium text-red-700 sm:col-span-6">
                {errors[k]}
              </p>
            ),
        )}
    </Card>
  )
}

/** Admins: the latest purchases, with refunds and the tokens they took back. */
function RecentPurchases({ rows }: { rows: RecentCheckout[] }) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <section aria-labelledby="recent-purchases" className="space-y-3 border-t border-stone-200 pt-8">
      <h2 id="recent-purchases" className="text-xl font-bold text-stone-900">
        {t('billing.products.recentHeading')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{t('billing.products.recentEmpty')}</p>
      ) : (
        <TableFrame>
          <Table data-testid="recent-checkouts">
            <TableHeader>
              <tr>
                <TableHead>{t('billing.products.colDate')}</TableHead>
                <TableHead>{t('billing.products.tokens')}</TableHead>
                <TableHead>{t('billing.testMode.amount')}</TableHead>
                <TableHead>{t('billing.products.status')}</TableHead>
                <TableHead>{t('billing.products.colRefunded')}</TableHead>
                <TableHead>{t('billing.products.colRevoked')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="whitespace-nowrap">{new Date(r.startedAt).toLocaleString(locale)}</TableCell>
                  <TableCell>{r.tokens}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatMoney(r.amountCents, r.currency, locale)}
                    {r.promoCode && <span className="ml-1 text-xs text-stone-500">({r.promoCode})</span>}
                  </TableCell>
                  <TableCell>{t(`billing.products.checkoutStatus.${r.status}`)}</TableCell>
                  <TableCell className="whitespace-nowrap">{r.refundedCents > 0 ? formatMoney(r.refundedCents, r.currency, locale) : '—'}</TableCell>
                  <TableCell>{r.tokensRevoked > 0 ? r.tokensRevoked : '—'}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      )}
    </section>
  )
}

/** /dashboard/products: the packs with buy buttons; ADMINs also edit and retire them. */
export default function Products() {
  const { t } = useTranslation()
  const props = usePageProps<'dashboard/products'>()
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <Head title={t('billing.products.title')} />
      {/* For an admin, "Produits" is a tab of the admin section: its tabs stay in view. */}
      {props.canEdit && <AdminNav current="products" />}
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('billing.products.heading')}</h1>
        <p className="mt-2 text-stone-600">{t('billing.products.subheading')}</p>
      </header>
      {props.testMode && <TestModeBanner />}
      <CurrencySwitch currency={props.currency} currencies={props.currencies} path={url('dashboard.products')} />
      <BuyForm shop={props} />
      {props.canEdit && props.catalogue && (
        <section aria-labelledby="admin-packs" className="space-y-4 border-t border-stone-200 pt-8">
          <h2 id="admin-packs" className="text-xl font-bold text-stone-900">
            {t('billing.products.adminHeading')}
          </h2>
          <p className="text-sm text-stone-600">{t('billing.products.adminIntro')}</p>
          {props.catalogue.map((p) => (
            <PackEditor key={`${p.id}-${p.tokens}-${p.prices.EUR}-${p.prices.USD}-${p.badge}-${p.active}`} pack={p} />
          ))}
          <h3 className="pt-4 font-semibold text-stone-900">{t('billing.products.add')}</h3>
          <PackEditor />
        </section>
      )}
      {props.canEdit && props.recentCheckouts && <RecentPurchases rows={props.recentCheckouts} />}
    </div>
  )
}
