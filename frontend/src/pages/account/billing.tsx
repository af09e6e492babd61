import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../components/ui/field'
import { SelectField } from '../../components/ui/select'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'

type BillingProps = {
  billing: { address: string; city: string; postalCode: string; country: string }
  countries: string[]
}

/** Billing details (prefill checkout); countries are ISO codes named in the page's language. */
export default function BillingPage({ billing, countries }: BillingProps) {
  const { t, i18n } = useTranslation()
  const form = useForm({ ...billing })
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' })
  const options = countries
    .map((c) => ({ value: c, label: names.of(c) ?? c }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language))
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('account.billing.post'), { preserveScroll: true })
  }
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Head title={t('profile.billing.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.billing.title')}</h1>
      <p className="text-stone-600">{t('profile.billing.intro')}</p>
      <Card as="form" onSubmit={submit} noValidate className="space-y-4" data-testid="billing-form">
        <TextField id="billing-address" name="address" autoComplete="street-address" label={t('profile.billing.address')} value={form.data.address} onChange={(e) => form.setData('address', e.target.value)} error={form.errors.address} />
        <TextField id="billing-city" name="city" autoComplete="address-level2" label={t('profile.billing.city')} value={form.data.city} onChange={(e) => form.setData('city', e.target.value)} error={form.errors.city} />
        <TextField id="billing-postal" name="postalCode" autoComplete="postal-code" label={t('profile.billing.postalCode')} value={form.data.postalCode} onChange={(e) => form.setData('postalCode', e.target.value)} error={form.errors.postalCode} />
        <SelectField id="billing-country" name="country" autoComplete="country" label={t('profile.billing.country')} value={form.data.country} onChange={(e) => form.setData('country', e.target.value)} error={form.errors.country} options={[{ value: '', label: t('profile.billing.choose') }, ...options]} />
        <Button type="submit" disabled={form.processing}>
          {t('profile.billing.save')}
        </Button>
      </Card>
    </div>
  )
}
