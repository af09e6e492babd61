import { Head, Link, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Choice, FieldError, TextField } from '../../components/ui/field'
import { SelectField } from '../../components/ui/select'
import { NeedsGuideText } from '../../components/profile/needs-guide'
import { newKey, renewKeyOnAnswer } from '../../lib/idempotency-key'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'
import { useJobPoll } from '../../hooks/use-job-poll'
import { fromCm, fromKg, massUnit, perMass } from '../../lib/units'

const meals = ['breakfast', 'lunch', 'dinner', 'snack'] as const
const activities = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const
const objectives = ['weight_loss', 'muscle_gain', 'recomposition', 'maintenance'] as const
const presets = ['default', 'high_protein', 'high_carbs', 'low_carbs', 'balanced'] as const

/** The needs survey (paid calculation), its progress and the explained result to accept. */
export default function SurveyPage() {
  const { t, i18n } = useTranslation()
  const { survey, units, cost, request, errors = {}, auth } = usePageProps<'account/survey'>()
  const imperial = units === 'lb'
  const str = (v: number | undefined) => (v === undefined ? '' : String(v))
  const form = useForm({
    weightKg: str(survey?.weightKg),
    heightCm: str(survey?.heightCm),
    age: str(survey?.age),
    sex: survey?.sex ?? '',
    activityLevel: survey?.activityLevel ?? '',
    activityDescription: survey?.activityDescription ?? '',
    otherActivities: survey?.otherActivities ?? '',
    objective: survey?.objective ?? '',
    macroPreset: survey?.macroPreset ?? 'default',
    mealSplit: {
      breakfast: str(survey?.mealSplit.breakfast ?? 25),
      lunch: str(survey?.mealSplit.lunch ?? 35),
      dinner: str(survey?.mealSplit.dinner ?? 30),
      snack: str(survey?.mealSplit.snack ?? 10),
    },
    idempotencyKey: newKey(),
  })
  const pending = request?.status === 'pending'
  useJobPoll(pending, { poll: ['request'], whenDone: ['request', 'auth'] })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    form.transform((d) => {
      const n = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')))
      return {
        ...d,
        weightKg: n(d.weightKg),
        heightCm: n(d.heightCm),
        age: n(d.age),
        mealSplit: { breakfast: n(d.mealSplit.breakfast), lunch: n(d.mealSplit.lunch), dinner: n(d.mealSplit.dinner), snack: n(d.mealSplit.snack) },
      }
    })
    form.post(url('account.survey.post'), { preserveScroll: true, ...renewKeyOnAnswer(() => form.setData('idempotencyKey', newKey())) })
  }
  const total = meals.reduce((s, m) => s + (Number(form.data.mealSplit[m]) || 0), 0)
  const fmt = (v: number, digits = 0) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v)
  const balance = auth.user?.balance ?? 0
  const short = Math.max(0, cost - balance)
  const n = request?.status === 'done' ? request.needs : null

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <Head title={t('profile.survey.title')} />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.survey.title')}</h1>
        <p className="mt-2 text-stone-600">{t('profile.survey.intro', { cost })}</p>
        <p className="mt-2 text-sm text-stone-600">
          {t('profile.survey.free')}{' '}
          <Link href={url('dashboard.account')} className="font-medium text-brand-800 underline">
            {t('profile.survey.freeLink')}
          </Link>
        </p>
        {/* The price and the balance before the form: a person short of tokens learns it before
            filling every field, with the way to get more (docs/profile.md). */}
        <div className={`mt-4 rounded-xl border p-4 ${short > 0 ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-stone-200 bg-white text-stone-800'}`} data-testid="survey-price">
          <p className="font-medium">{t('profile.survey.price', { cost, balance })}</p>
          {short > 0 && (
            <>
              <p id="survey-short" className="mt-1">
                {t('profile.survey.short', { count: short })}
              </p>
              <Link href={url('buyTokens')} className={buttonClass({ className: 'mt-3 inline-block' })}>
                {t('profile.survey.buy')}
              </Link>
            </>
          )}
        </div>
      </header>

      <div aria-live="polite">
        {pending && (
          <p role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 font-medium text-brand-900" data-testid="needs-pending">
            {t('profile.survey.pending')}
          </p>
        )}
        {request?.status === 'failed' && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 font-medium text-red-800" data-testid="needs-failed">
            {t('profile.survey.failed', { cost })}
          </p>
        )}
      </div>

      {n && request && (
        <Card as="section" aria-labelledby="needs-title" data-testid="needs-result">
          <h2 id="needs-title" className="text-lg font-bold text-stone-900">
            {t('profile.survey.result')}
          </h2>
          <p className="mt-2 text-3xl font-extrabold text-brand-800" data-testid="needs-kcal">
            {fmt(n.kcal)} kcal
          </p>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-stone-800">
            <li>
              {t(imperial ? 'profile.survey.bmrImperial' : 'profile.survey.bmr', {
                weight: fmt(fromKg(n.input.body.weightKg, units), 1),
                height: fmt(fromCm(n.input.body.heightCm, units), 1),
                age: n.input.body.age,
                constant: n.input.body.sex === 'male' ? '+ 5' : '− 161',
                bmr: fmt(n.bmr),
              })}
            </li>
            <li>{t('profile.survey.maintenance', { bmr: fmt(n.bmr), factor: fmt(n.activityFactor, 3), maintenance: fmt(n.maintenanceKcal) })}</li>
            <li>
              {t('profile.survey.objectiveLine', {
                maintenance: fmt(n.maintenanceKcal),
                sign: n.objectiveAdjustment < 0 ? '−' : '+',
                pct: fmt(Math.abs(n.objectiveAdjustment) * 100),
                kcal: fmt(n.kcal),
              })}
            </li>
            <li>
              {t('profile.survey.macrosLine', { protein: n.split.protein, fat: n.split.fat, carbs: n.split.carbs, proteinG: n.proteinG, fatG: n.fatG, carbsG: n.carbsG })}
            </li>
            {n.proteinRaised && <li>{t('profile.survey.proteinRaised', { perMass: fmt(perMass(2, units), 1), unit: massUnit(units) })}</li>}
            {/* Needs computed before the bounds existed carry none (null). */}
            {(n.bounds ?? []).map((b) => (
              <li key={b} data-testid={`needs-bound-${b}`}>
                {t(`profile.survey.bound.${b}` as 'profile.survey.bound.fat_min', {
                  proteinG: n.proteinG,
                  fatG: n.fatG,
                  presetG: Math.round((n.kcal * n.split.protein) / (n.split.protein + n.split.fat + n.split.carbs) / 4),
                })}
              </li>
            ))}
          </ol>
          {request.guide && <NeedsGuideText needs={n} guide={request.guide} units={units} />}
          {request.explanation && (
            <div className="mt-4 rounded-xl bg-stone-50 p-4" data-testid="needs-explanation">
              <h3 className="text-sm font-semibold text-stone-900">
                {t('profile.survey.explanation')}
              </h3>
              {/* Plain text (cleaned by the server), rendered as text, never as HTML; in the language it was written in. */}
              <p lang={request.explanationLang || undefined} className="mt-1 text-sm whitespace-pre-line text-stone-700" data-testid="needs-explanation-text">
                {request.explanation}
              </p>
              <p className="mt-2 text-xs text-stone-600">{t('profile.survey.explanationNote')}</p>
            </div>
          )}
          {request.accepted ? (
            <p className="mt-4 font-medium text-brand-800">{t('profile.survey.accepted')}</p>
          ) : (
            <Button type="button" className="mt-4" data-testid="needs-accept" onClick={() => router.post(url('account.survey.accept.post'), { requestId: request.id })}>
              {t('profile.survey.accept')}
            </Button>
          )}
        </Card>
      )}

      <Card as="form" onSubmit={submit} noValidate className="space-y-6" data-testid="survey-form">
        {errors.form && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="survey-form-error">
            {errors.form}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField id="survey-weight" name="weightKg" type="text" inputMode="decimal" label={t('profile.survey.weight', { unit: imperial ? 'lb' : 'kg' })} value={form.data.weightKg} onChange={(e) => form.setData('weightKg', e.target.value)} error={form.errors.weightKg} />
          <TextField id="survey-height" name="heightCm" type="text" inputMode="decimal" label={t('profile.survey.height', { unit: imperial ? 'in' : 'cm' })} value={form.data.heightCm} onChange={(e) => form.setData('heightCm', e.target.value)} error={form.errors.heightCm} />
          <TextField id="survey-age" name="age" type="text" inputMode="numeric" label={t('profile.survey.age')} value={form.data.age} onChange={(e) => form.setData('age', e.target.value)} error={form.errors.age} />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">{t('profile.survey.sex')}</legend>
          <div className="mt-2 flex gap-6">
            {(['male', 'female'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2">
                <Choice type="radio" size="md" name="sex" value={s} checked={form.data.sex === s} onChange={() => form.setData('sex', s)} />
                {t(`profile.survey.sexes.${s}`)}
              </label>
            ))}
          </div>
          <FieldError message={form.errors.sex} />
        </fieldset>
        <SelectField id="survey-activity" name="activityLevel" label={t('profile.survey.activityLevel')} value={form.data.activityLevel} onChange={(e) => form.setData('activityLevel', e.target.value)} error={form.errors.activityLevel} options={[{ value: '', label: '—' }, ...activities.map((a) => ({ value: a, label: t(`profile.survey.activities.${a}`) }))]} />
        <TextField id="survey-activity-description" name="activityDescription" label={t('profile.survey.activityDescription')} value={form.data.activityDescription} onChange={(e) => form.setData('activityDescription', e.target.value)} error={form.errors.activityDescription} />
        <TextField id="survey-other-activities" name="otherActivities" label={t('profile.survey.otherActivities')} value={form.data.otherActivities} onChange={(e) => form.setData('otherActivities', e.target.value)} error={form.errors.otherActivities} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id="survey-objective" name="objective" label={t('profile.survey.objective')} value={form.data.objective} onChange={(e) => form.setData('objective', e.target.value)} error={form.errors.objective} options={[{ value: '', label: '—' }, ...objectives.map((o) => ({ value: o, label: t(`profile.survey.objectives.${o}`) }))]} />
          <SelectField id="survey-preset" name="macroPreset" label={t('profile.survey.macroPreset')} value={form.data.macroPreset} onChange={(e) => form.setData('macroPreset', e.target.value)} error={form.errors.macroPreset} options={presets.map((p) => ({ value: p, label: t(`profile.presets.${p}`) }))} />
        </div>
        <fieldset aria-describedby="survey-split-total">
          <legend className="text-sm font-semibold text-stone-900">{t('profile.survey.mealSplit')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {meals.map((m) => (
              <TextField key={m} id={`survey-split-${m}`} name={`mealSplit[${m}]`} type="text" inputMode="numeric" label={t(`profile.survey.meals.${m}`)} value={form.data.mealSplit[m]} onChange={(e) => form.setData('mealSplit', { ...form.data.mealSplit, [m]: e.target.value })} />
            ))}
          </div>
          <p id="survey-split-total" className={`mt-2 text-sm ${total === 100 ? 'text-stone-600' : 'font-medium text-red-700'}`}>
            {t('profile.survey.mealSplitTotal', { total })}
          </p>
          <FieldError message={form.errors.mealSplit} />
        </fieldset>
        {errors.tokens && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="survey-tokens">
            <p className="font-medium">{errors.tokens}</p>
            <Link href={url('buyTokens')} className={buttonClass({ className: 'mt-3 inline-block' })}>
              {t('profile.survey.buy')}
            </Link>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={form.processing || pending || short > 0} aria-describedby={short > 0 ? 'survey-short' : undefined}>
            {t('profile.survey.submit', { cost })}
          </Button>
          <span className="text-sm text-stone-600">{t('dashboard.balance', { count: balance })}</span>
        </div>
      </Card>
    </div>
  )
}
