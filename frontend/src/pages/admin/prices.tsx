import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminNav, When } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import type { PriceLine } from '../../types/props.gen'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/field'

const euros = (v: number, locale: string) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(v)

/** /dashboard/admin/prices: the estimated food prices by group and subgroup, each editable. */
export default function Prices() {
  const { t } = useTranslation()
  const { prices, maxPrice } = usePageProps<'admin/prices'>()
  return (
    <div className="mx-auto max-w-6xl">
      <Head title={t('admin.prices.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="prices" />
      <p className="text-stone-600">{t('admin.prices.intro', { max: maxPrice })}</p>
      <TableFrame className="mt-4">
        <Table aria-label={t('admin.prices.tableLabel')}>
          <TableHeader>
            <tr>
              <TableHead>{t('admin.prices.group')}</TableHead>
              <TableHead>{t('admin.prices.shipped')}</TableHead>
              <TableHead>{t('admin.prices.current')}</TableHead>
              <TableHead>{t('admin.prices.edit')}</TableHead>
            </tr>
          </TableHeader>
          <tbody>
            {prices.map((p) => (
              <PriceRow key={`${p.group}/${p.subgroup}`} line={p} />
            ))}
          </tbody>
        </Table>
      </TableFrame>
    </div>
  )
}

/** One price: its names, shipped and current estimate, and a form to change it. */
function PriceRow({ line }: { line: PriceLine }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const current = line.override ?? line.shipped
  const form = useForm({ group: line.group, subgroup: line.subgroup, eurPerKg: String(current) })
  const id = `price-${line.group}-${line.subgroup}`.replace(/[^a-zA-Z0-9-]+/g, '-')
  const name = line.group === '' ? t('admin.prices.default') : line.subgroup === '' ? t('admin.prices.wholeGroup', { group: line.groupName }) : `${line.groupName} › ${line.subgroupName}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    form.put(url('dashboard.admin.prices.put'), {
      preserveScroll: true,
      onError: () => document.getElementById(id)?.focus(),
    })
  }
  return (
    <TableRow data-testid={id}>
      <TableHead scope="row">{name}</TableHead>
      <TableCell>{t('admin.prices.perKg', { price: euros(line.shipped, locale) })}</TableCell>
      <TableCell>
        <span className={line.override != null ? 'font-semibold text-brand-800' : ''}>{t('admin.prices.perKg', { price: euros(current, locale) })}</span>
        {line.override != null && line.updatedAt && (
          <span className="block text-xs text-stone-600">
            {t('admin.prices.changed')} <When at={line.updatedAt} locale={locale} />
          </span>
        )}
      </TableCell>
      <TableCell>
        <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
          <label htmlFor={id} className="sr-only">
            {t('admin.prices.newPrice', { name })}
          </label>
          <Input
            id={id}
            name="eurPerKg"
            inputMode="decimal"
            size="xs"
            className="w-24"
            value={form.data.eurPerKg}
            onChange={(e) => {
              form.setData('eurPerKg', e.target.value)
              form.clearErrors('eurPerKg')
            }}
            invalid={!!form.errors.eurPerKg}
            aria-describedby={form.errors.eurPerKg ? `${id}-error` : undefined}
          />
          <Button variant="secondary" type="submit" disabled={form.processing}>
            {t('admin.prices.save')}
            <span className="sr-only"> {name}</span>
          </Button>
          {form.errors.eurPerKg && (
            <p id={`${id}-error`} className="w-full text-sm text-red-800">
              {form.errors.eurPerKg}
            </p>
          )}
        </form>
      </TableCell>
    </TableRow>
  )
}
