import { Head, Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Choice, TextField } from '../../components/ui/field'
import { SelectField } from '../../components/ui/select'
import { url } from '../../lib/routes.gen'
import { formatDecimal } from '../../lib/format'
import { useLocale } from '../../hooks/use-locale'
import type { PageProps } from '../../types'
import { EmailSection } from '../../components/profile/email-section'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'

export type Goals = { kcal: number; proteinG: number; fatG: number; carbsG: number }

type AccountProps = {
  account: {
    email: string
    name: string
    surname: string
    hasPassword: boolean
    language: string
    units: string
    currency: string
    diet: string
    goals: Goals | null
    aiSuggestions: boolean
    priceLimit: number | null
    allergens: string[]
    pantry: string[]
  }
  presets: Record<string, Goals>
  allergens: { id: string; name: string }[]
  staples: { id: string; name: string; allergens: string[] }[]
  emailChange: PageProps['account/index']['emailChange']
}

/** Whether calories contradict the grams' energy as the server judges it (domain/nutrition ConsistentTarget: beyond 15 % of it, plus 12 kcal). */
function contradicts(kcal: number, fromGrams: number): boolean {
  return Math.abs(kcal - fromGrams) > 0.15 * fromGrams + 12
}

/** The energy of gram goals at 4/9/4 kcal per gram, or null while a field is not a number. */
export function macroKcal(proteinG: string, fatG: string, carbsG: string): number | null {
  const [p, f, c] = [proteinG, fatG, carbsG].map((v) => (v.trim() === '' ? NaN : Number(v.replace(',', '.'))))
  if ([p, f, c].some((v) => v === undefined || Number.isNaN(v))) return null
  return Math.round((p ?? 0) * 4 + (f ?? 0) * 9 + (c ?? 0) * 4)
}

const presetNames = ['default', 'high_protein', 'high_carbs', 'low_carbs', 'balanced'] as const

/** The account: identity and preferences, daily goals by hand (free), password. */
export default function AccountPage({ account, presets, emailChange, allergens, staples }: AccountProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const details = useForm({
    name: account.name,
    surname: account.surname,
    language: account.language,
    units: account.units,
    currency: account.currency,
    diet: account.diet,
    aiSuggestions: account.aiSuggestions,
    priceLimit: account.priceLimit === null ? '' : String(account.priceLimit),
    allergens: account.allergens,
    pantry: account.pantry,
  })
  const toggleAllergen = (id: string, on: boolean) =>
    details.setData(
      'allergens',
      allergens.map((a) => a.id).filter((a) => (a === id ? on : details.data.allergens.includes(a))),
    )
  const toggleStaple = (id: string, on: boolean) =>
    details.setData(
      'pantry',
      staples.map((s) => s.id).filter((s) => (s === id ? on : details.data.pantry.includes(s))),
    )
  const allergenName = new Map(allergens.map((a) => [a.id, a.name]))
  const goals = useForm({
    kcal: String(account.goals?.kcal ?? ''),
    proteinG: String(account.goals?.proteinG ?? ''),
    fatG: String(account.goals?.fatG ?? ''),
    carbsG: String(account.goals?.carbsG ?? ''),
  })
  const password = useForm({ currentPassword: '', password: '', password_confirmation: '' })
  const fromGrams = macroKcal(goals.data.proteinG, goals.data.fatG, goals.data.carbsG)
  const typedKcal = Number(goals.data.kcal)
  const gramsContradict = fromGrams !== null && typedKcal > 0 && contradicts(typedKcal, fromGrams)
  const [preset, setPreset] = useState<string>('default')

  const saveDetails = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    details.transform((d) => ({ ...d, priceLimit: d.priceLimit === '' ? null : d.priceLimit }))
    details.post(url('account.post'), { errorBag: 'account', preserveScroll: true })
  }
  const saveGoals = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    goals.post(url('account.goals.post'), { errorBag: 'goals', preserveScroll: true })
  }
  const savePassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    password.post(url('account.password.post'), { errorBag: 'password', preserveScroll: true, onFinish: () => password.reset() })
  }
  const applyPreset = () => {
    const kcal = Number(goals.data.kcal) || 2000
    const p = presets[preset]
    if (!p) return
    const f = kcal / p.kcal
    goals.setData({ kcal: String(kcal), proteinG: String(Math.round(p.proteinG * f)), fatG: String(Math.round(p.fatG * f)), carbsG: String(Math.round(p.carbsG * f)) })
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <Head title={t('profile.account.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.account.title')}</h1>

      <Card as="section" aria-labelledby="goals-title">
        <h2 id="goals-title" className="text-lg font-bold text-stone-900">
          {t('profile.goals.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('profile.goals.intro')}</p>
        <form onSubmit={saveGoals} noValidate className="mt-4 space-y-4" data-testid="goals-form">
          <div className="grid gap-4 sm:grid-cols-2">
            {(['kcal', 'proteinG', 'fatG', 'carbsG'] as const).map((f) => (
              <TextField
                key={f}
                id={`goals-${f}`}
                name={f}
                type="number"
                inputMode="numeric"
                label={t(`profile.goals.${f}`)}
                value={goals.data[f]}
                onChange={(e) => goals.setData(f, e.target.value)}
                error={goals.errors[f]}
              />
            ))}
          </div>
          {fromGrams !== null && (
            <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="goals-macro-kcal">
              <p className={gramsContradict ? 'font-medium text-amber-900' : 'text-stone-600'}>
                {t('profile.goals.macroKcal', { kcal: formatDecimal(fromGrams, locale, 0) })}
              </p>
              {gramsContradict && (
                <Button variant="secondary" type="button" onClick={() => goals.setData('kcal', String(fromGrams))}>
                  {t('profile.goals.useMacroKcal', { kcal: formatDecimal(fromGrams, locale, 0) })}
                </Button>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              id="goals-preset"
              name="preset"
              label={t('profile.goals.preset')}
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
              options={presetNames.map((p) => ({ value: p, label: t(`profile.presets.${p}`) }))}
            />
            <Button variant="secondary" type="button" onClick={applyPreset}>
              {t('profile.goals.presetApply')}
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={goals.processing}>
              {t('profile.goals.save')}
            </Button>
            <Link href={url('account.survey')} className="font-medium text-brand-800 underline">
              {t('profile.goals.calculate', { cost: 10 })}
            </Link>
          </div>
        </form>
      </Card>

      <Card as="section" aria-labelledby="details-title">
        <h2 id="details-title" className="text-lg font-bold text-stone-900">
          {t('profile.account.identity')}
        </h2>
        <form onSubmit={saveDetails} noValidate className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="account-form">
          <TextField id="account-name" name="name" autoComplete="given-name" label={t('profile.account.name')} value={details.data.name} onChange={(e) => details.setData('name', e.target.value)} error={details.errors.name} />
          <TextField id="account-surname" name="surname" autoComplete="family-name" label={t('profile.account.surname')} value={details.data.surname} onChange={(e) => details.setData('surname', e.target.value)} error={details.errors.surname} />
          <SelectField id="account-language" name="language" label={t('profile.account.language')} value={details.data.language} onChange={(e) => details.setData('language', e.target.value)} error={details.errors.language} options={[{ value: 'fr', label: 'Français' }, { value: 'en', label: 'English' }]} />
          <SelectField id="account-units" name="units" label={t('profile.account.units')} value={details.data.units} onChange={(e) => details.setData('units', e.target.value)} error={details.errors.units} options={[{ value: 'g', label: t('profile.account.unitsG') }, { value: 'lb', label: t('profile.account.unitsLb') }]} />
          <SelectField id="account-currency" name="currency" label={t('profile.account.currency')} value={details.data.currency} onChange={(e) => details.setData('currency', e.target.value)} error={details.errors.currency} options={[{ value: 'EUR', label: 'EUR (€)' }, { value: 'USD', label: 'USD ($)' }]} />
          <SelectField id="account-diet" name="diet" label={t('profile.account.diet')} value={details.data.diet} onChange={(e) => details.setData('diet', e.target.value)} error={details.errors.diet} options={(['omnivore', 'vegetarian', 'vegan'] as const).map((d) => ({ value: d, label: t(`profile.account.diets.${d}`) }))} />
          <TextField id="account-price-limit" name="priceLimit" type="text" inputMode="decimal" label={t('profile.account.priceLimit')} hint={t('profile.account.priceLimitHint')} value={details.data.priceLimit} onChange={(e) => details.setData('priceLimit', e.target.value)} error={details.errors.priceLimit} />
          <div className="flex items-center gap-2 self-end pb-3">
            <Choice id="account-ai" type="checkbox" size="md" checked={details.data.aiSuggestions} onChange={(e) => details.setData('aiSuggestions', e.target.checked)} />
            <label htmlFor="account-ai" className="text-sm font-semibold text-stone-900">
              {t('profile.account.ai')}
            </label>
          </div>
          <fieldset className="sm:col-span-2" aria-describedby={`account-allergens-hint${details.errors.allergens ? ' account-allergens-error' : ''}`} data-testid="account-allergens">
            <legend className="text-sm font-semibold text-stone-900">{t('profile.account.allergens')}</legend>
            <p id="account-allergens-hint" className="mt-1 text-sm text-stone-700">
              {t('profile.account.allergensHint')}
            </p>
            {details.errors.allergens && (
              <p id="account-allergens-error" className="mt-1 text-sm font-medium text-red-800">
                {details.errors.allergens}
              </p>
            )}
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {allergens.map((a) => (
                <li key={a.id} className="flex items-center gap-2">
                  <Choice id={`account-allergen-${a.id}`} type="checkbox" size="md" name="allergens" value={a.id} checked={details.data.allergens.includes(a.id)} onChange={(e) => toggleAllergen(a.id, e.target.checked)} />
                  <label htmlFor={`account-allergen-${a.id}`} className="text-sm text-stone-900">
                    {a.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className="sm:col-span-2" aria-describedby={`account-pantry-hint${details.errors.pantry ? ' account-pantry-error' : ''}`} data-testid="account-pantry">
            <legend className="text-sm font-semibold text-stone-900">{t('profile.account.pantry')}</legend>
            <p id="account-pantry-hint" className="mt-1 text-sm text-stone-700">
              {t('profile.account.pantryHint')}
            </p>
            {details.errors.pantry && (
              <p id="account-pantry-error" className="mt-1 text-sm font-medium text-red-800">
                {details.errors.pantry}
              </p>
            )}
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {staples.map((s) => {
                // A staple holding an allergen the form declares is never used: say so beside it.
                const declared = s.allergens.filter((a) => details.data.allergens.includes(a))
                return (
                  <li key={s.id} className="flex items-start gap-2">
                    <Choice id={`account-staple-${s.id}`} type="checkbox" size="md" name="pantry" value={s.id} checked={details.data.pantry.includes(s.id)} onChange={(e) => toggleStaple(s.id, e.target.checked)} aria-describedby={declared.length > 0 ? `account-staple-${s.id}-excluded` : undefined} />
                    <div className="text-sm text-stone-900">
                      <label htmlFor={`account-staple-${s.id}`}>{s.name}</label>
                      {declared.length > 0 && (
                        <span id={`account-staple-${s.id}-excluded`} className="block text-xs text-red-800" data-testid="staple-excluded">
                          {t('profile.account.pantryExcluded', { allergens: declared.map((a) => allergenName.get(a) ?? a).join(', ') })}
                        </span>
                      )}
                    </div>
                  </li>
                )
              })}
            </ul>
          </fieldset>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={details.processing}>
              {t('profile.account.save')}
            </Button>
          </div>
        </form>
      </Card>

      <EmailSection email={account.email} hasPassword={account.hasPassword} pending={emailChange} />

      <Card as="section" aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-bold text-stone-900">
          {account.hasPassword ? t('profile.password.title') : t('profile.password.setTitle')}
        </h2>
        <form onSubmit={savePassword} noValidate className="mt-4 space-y-4" data-testid="password-form">
          {account.hasPassword && (
            <TextField id="password-current" name="currentPassword" type="password" autoComplete="current-password" label={t('profile.password.current')} value={password.data.currentPassword} onChange={(e) => password.setData('currentPassword', e.target.value)} error={password.errors.currentPassword} />
          )}
          <TextField id="password-new" name="password" type="password" autoComplete="new-password" label={t('profile.password.new')} value={password.data.password} onChange={(e) => password.setData('password', e.target.value)} error={password.errors.password} />
          <TextField id="password-confirmation" name="password_confirmation" type="password" autoComplete="new-password" label={t('profile.password.confirmation')} value={password.data.password_confirmation} onChange={(e) => password.setData('password_confirmation', e.target.value)} error={password.errors.password_confirmation} />
          <Button type="submit" disabled={password.processing}>
            {t('profile.password.save')}
          </Button>
        </form>
      </Card>

      <Card as="nav" aria-labelledby="links-title">
        <h2 id="links-title" className="text-lg font-bold text-stone-900">
          {t('profile.account.links')}
        </h2>
        <ul className="mt-3 space-y-2">
          <li><Link href={url('account.billing')} className="font-medium text-brand-800 underline">{t('profile.account.billing')}</Link></li>
          <li><Link href={url('dashboard.language')} className="font-medium text-brand-800 underline">{t('profile.account.language_link')}</Link></li>
          <li><Link href={url('account.survey')} className="font-medium text-brand-800 underline">{t('profile.account.survey')}</Link></li>
          <li><Link href={url('dashboard.settings')} className="font-medium text-brand-800 underline">{t('profile.settings.title')}</Link></li>
        </ul>
      </Card>
    </div>
  )
}
