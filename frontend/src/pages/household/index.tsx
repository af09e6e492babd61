import { Head, Link, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Choice, FieldError, TextField } from '../../components/ui/field'
import { SelectField } from '../../components/ui/select'
import { useConfirm } from '../../components/confirm-dialog'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import type { MemberView } from '../../types/props.gen'

const activities = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const
const objectives = ['weight_loss', 'muscle_gain', 'recomposition', 'maintenance'] as const
const presets = ['default', 'high_protein', 'high_carbs', 'low_carbs', 'balanced'] as const

/** The add or change form of one member: goals typed or computed by the survey, and the meal split. */
function MemberForm({ member, prefix }: { member?: MemberView; prefix: string }) {
  const { t } = useTranslation()
  const { allergens } = usePageProps<'household/index'>()
  const form = useForm({
    memberId: member?.id ?? '',
    name: member?.name ?? '',
    source: (member?.source ?? 'manual') as string,
    kcal: String(member?.goals.kcal ?? ''),
    proteinG: String(member?.goals.proteinG ?? ''),
    fatG: String(member?.goals.fatG ?? ''),
    carbsG: String(member?.goals.carbsG ?? ''),
    weightKg: '',
    heightCm: '',
    age: '',
    // Every choice starts empty and is required: a preselected value would be taken silently
    // (a man added without touching "sex" got a woman's needs; docs/profile.md, "Household").
    sex: '',
    activityLevel: '',
    objective: '',
    macroPreset: '',
    breakfast: String(member?.split.breakfast ?? 25),
    lunch: String(member?.split.lunch ?? 35),
    dinner: String(member?.split.dinner ?? 30),
    snack: String(member?.split.snack ?? 10),
    allergens: (member?.allergens ?? []) as string[],
  })
  const toggleAllergen = (a: string, on: boolean) =>
    form.setData(
      'allergens',
      allergens.map((x) => x.id).filter((x) => (x === a ? on : form.data.allergens.includes(x))),
    )
  const errors = form.errors as Record<string, string | undefined>
  const choose = { value: '', label: t('household.choose') }
  const id = (f: string) => `${prefix}-${f}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const opts = { preserveScroll: true, onSuccess: () => !member && form.reset() }
    if (member) form.patch(url('household.patch'), opts)
    else form.post(url('household.post'), opts)
  }
  const num = (f: 'kcal' | 'proteinG' | 'fatG' | 'carbsG' | 'weightKg' | 'heightCm' | 'age' | 'breakfast' | 'lunch' | 'dinner' | 'snack', label: string) => (
    <TextField id={id(f)} name={f} label={label} inputMode="numeric" value={form.data[f]} error={errors[f]} onChange={(e) => form.setData(f, e.target.value)} />
  )
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={`${prefix}-form`}>
      <TextField id={id('name')} name="name" label={t('household.name')} value={form.data.name} error={errors.name} onChange={(e) => form.setData('name', e.target.value)} autoComplete="off" />
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">{t('household.source')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['manual', 'survey'] as const).map((s) => (
            <label key={s} className="flex items-center gap-2 py-1">
              <Choice type="radio" name={`${prefix}-source`} value={s} checked={form.data.source === s} onChange={() => form.setData('source', s)} />
              {s === 'manual' ? t('household.sourceManual') : t('household.sourceSurvey')}
            </label>
          ))}
        </div>
      </fieldset>
      {form.data.source === 'manual' ? (
        <div className="grid gap-3 sm:grid-cols-4">
          {num('kcal', t('household.kcal'))}
          {num('proteinG', t('household.proteinG'))}
          {num('fatG', t('household.fatG'))}
          {num('carbsG', t('household.carbsG'))}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          {num('weightKg', t('household.weightKg'))}
          {num('heightCm', t('household.heightCm'))}
          {num('age', t('household.age'))}
          <SelectField id={id('sex')} name="sex" label={t('household.sex')} value={form.data.sex} onChange={(e) => form.setData('sex', e.target.value)} error={errors.sex} required
            options={[choose, { value: 'female', label: t('household.female') }, { value: 'male', label: t('household.male') }]} />
          <SelectField id={id('activityLevel')} name="activityLevel" label={t('household.activityLevel')} value={form.data.activityLevel} onChange={(e) => form.setData('activityLevel', e.target.value)} error={errors.activityLevel} required
            options={[choose, ...activities.map((a) => ({ value: a, label: t(`profile.survey.activities.${a}`) }))]} />
          <SelectField id={id('objective')} name="objective" label={t('household.objective')} value={form.data.objective} onChange={(e) => form.setData('objective', e.target.value)} error={errors.objective} required
            options={[choose, ...objectives.map((o) => ({ value: o, label: t(`profile.survey.objectives.${o}`) }))]} />
          <SelectField id={id('macroPreset')} name="macroPreset" label={t('household.macroPreset')} value={form.data.macroPreset} onChange={(e) => form.setData('macroPreset', e.target.value)} error={errors.macroPreset} required
            options={[choose, ...presets.map((p) => ({ value: p, label: t(`profile.presets.${p}`) }))]} />
          <FieldError message={errors.survey} className="sm:col-span-3" />
        </div>
      )}
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">{t('household.split')}</legend>
        <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {num('breakfast', t('household.breakfast'))}
          {num('lunch', t('household.lunch'))}
          {num('dinner', t('household.dinner'))}
          {num('snack', t('household.snack'))}
        </div>
        <FieldError message={errors.split} />
      </fieldset>
      <fieldset aria-describedby={id('allergens-hint')} data-testid={id('allergens')}>
        <legend className="text-sm font-semibold text-stone-900">{t('household.allergens')}</legend>
        <p id={id('allergens-hint')} className="mt-1 text-sm text-stone-700">
          {t('household.allergensHint')}
        </p>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {allergens.map((a) => (
            <li key={a.id} className="flex items-center gap-2">
              <Choice id={id(`allergen-${a.id}`)} type="checkbox" size="md" name="allergens" value={a.id} checked={form.data.allergens.includes(a.id)} onChange={(e) => toggleAllergen(a.id, e.target.checked)} />
              <label htmlFor={id(`allergen-${a.id}`)} className="text-sm text-stone-900">
                {a.name}
              </label>
            </li>
          ))}
        </ul>
        <FieldError message={errors.allergens} />
      </fieldset>
      <FieldError id={prefix} message={errors.household ?? errors.source} />
      <Button type="submit" disabled={form.processing}>
        {member ? t('household.save') : t('household.add')}
      </Button>
    </form>
  )
}

/** /household: the people the person cooks for, each with their own goals and meal split. */
export default function Household() {
  const { t } = useTranslation()
  const { members, limits, allergens } = usePageProps<'household/index'>()
  const [confirm, dialog] = useConfirm()
  return (
    <section className="container-page max-w-3xl space-y-8 py-8">
      <Head title={t('household.title')} />
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{t('household.heading')}</h1>
        <p className="mt-2 text-stone-600">{t('household.intro')}</p>
        <p className="mt-1 text-sm text-stone-600">{t('household.count', { count: members.length, max: limits.maxMembers })}</p>
      </header>
      {members.length === 0 && <p className="text-stone-700">{t('household.empty')}</p>}
      <ul className="space-y-4">
        {members.map((m) => (
          <Card as="li" variant="panel" key={m.id} data-testid="member">
            <h2 className="text-lg font-bold text-stone-900">{m.name}</h2>
            <p className="text-stone-700">{t('household.goals', { kcal: m.goals.kcal, p: m.goals.proteinG, f: m.goals.fatG, c: m.goals.carbsG })}</p>
            {m.allergens.length > 0 && (
              <p className="text-sm text-stone-700" data-testid="member-allergens">
                {t('household.allergensOf', { names: m.allergens.map((a) => allergens.find((x) => x.id === a)?.name ?? a).join(', ') })}
              </p>
            )}
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold text-brand-800">{t('household.save')}</summary>
              <div className="mt-3">
                <MemberForm member={m} prefix={`m-${m.id.slice(0, 8)}`} />
              </div>
            </details>
            <Button
              variant="danger-secondary"
              className="mt-3"
              onClick={async () =>
                (await confirm(t('household.confirmRemove', { name: m.name }), t('household.remove'))) &&
                router.delete(url('household.delete'), { data: { memberId: m.id }, preserveScroll: true })
              }
            >
              {t('household.remove')}
            </Button>
          </Card>
        ))}
      </ul>
      {members.length < limits.maxMembers && (
        <Card as="section" variant="panel" aria-labelledby="household-add">
          <h2 id="household-add" className="mb-3 text-lg font-bold text-stone-900">
            {t('household.add')}
          </h2>
          <MemberForm prefix="add" />
        </Card>
      )}
      <p>
        <Link href={url('dashboard.general')} className="font-semibold text-brand-800 underline">
          {t('household.back')}
        </Link>
      </p>
      {dialog}
    </section>
  )
}
