import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Card } from '../ui/card'
import { Button } from '../ui/button'
import { TextField } from '../ui/field'
import { SelectField } from '../ui/select'

const numeric = ['kcal', 'proteinG', 'fatG', 'carbsG', 'satFatG', 'sugarsG', 'fibreG', 'saltG'] as const

/** Adds a food of the person's own (per 100 g) and puts it in the meal prep. */
export default function CustomFoodForm({ mealPrepId, errors }: { mealPrepId: string; errors: Record<string, string> }) {
  const { t, i18n } = useTranslation()
  const form = useForm({
    name: '',
    producer: '',
    country: '',
    language: i18n.language?.startsWith('en') ? 'en' : 'fr',
    unit: 'g',
    kcal: '',
    proteinG: '',
    fatG: '',
    carbsG: '',
    satFatG: '',
    sugarsG: '',
    fibreG: '',
    saltG: '',
    grams: '',
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // Empty is "how much I have" not said: no limit (0).
    form.transform((d) => ({ ...d, grams: d.grams.trim() === '' ? '0' : d.grams }))
    form.post(url('mealprep.food.custom.post', { params: { id: mealPrepId } }), { preserveScroll: true, onSuccess: () => form.reset() })
  }
  const field = (key: keyof typeof form.data, type: 'text' | 'decimal' = 'text') => {
    return (
      <TextField
        key={key}
        id={`custom-${key}`}
        size="sm"
        label={t(`mealprep.food.customFields.${key}`)}
        inputMode={type === 'decimal' ? 'decimal' : undefined}
        value={form.data[key]}
        onChange={(e) => form.setData(key, e.target.value)}
        error={errors[`custom.${key}`]}
      />
    )
  }
  return (
    <Card as="details" variant="item" padding="md">
      <summary className="cursor-pointer font-semibold text-stone-900">{t('mealprep.food.customTitle')}</summary>
      <form onSubmit={submit} className="mt-4 space-y-4" data-testid="custom-food-form">
        <p className="text-sm text-stone-600">{t('mealprep.food.customIntro')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('name')}
          {field('producer')}
          {field('country')}
          <SelectField id="custom-language" size="sm" label={t('mealprep.food.customFields.language')} value={form.data.language} onChange={(e) => form.setData('language', e.target.value)} options={[{ value: 'fr', label: 'Français' }, { value: 'en', label: 'English' }]} />
          <SelectField id="custom-unit" size="sm" label={t('mealprep.food.customFields.unit')} value={form.data.unit} onChange={(e) => form.setData('unit', e.target.value)} options={[{ value: 'g', label: 'g' }, { value: 'ml', label: 'ml' }]} />
        </div>
        <div className="grid gap-4 sm:grid-cols-4">{numeric.map((k) => field(k, 'decimal'))}</div>
        <div className="grid gap-4 sm:grid-cols-3">{field('grams', 'decimal')}</div>
        <Button type="submit" disabled={form.processing}>
          {t('mealprep.food.customSubmit')}
        </Button>
      </form>
    </Card>
  )
}
