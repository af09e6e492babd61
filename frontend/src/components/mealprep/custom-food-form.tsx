import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Card } from '../ui/card'

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
    const id = `custom-${key}`
    const error = errors[`custom.${key}`]
    return (
      <div key={key}>
        <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
          {t(`mealprep.food.customFields.${key}`)}
        </label>
        <input
          id={id}
          inputMode={type === 'decimal' ? 'decimal' : undefined}
          value={form.data[key]}
          onChange={(e) => form.setData(key, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
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
          <div>
            <label htmlFor="custom-language" className="block text-sm font-semibold text-stone-900">{t('mealprep.food.customFields.language')}</label>
            <select id="custom-language" value={form.data.language} onChange={(e) => form.setData('language', e.target.value)} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2">
              <option value="fr">Français</option>
              <option value="en">English</option>
            </select>
          </div>
          <div>
            <label htmlFor="custom-unit" className="block text-sm font-semibold text-stone-900">{t('mealprep.food.customFields.unit')}</label>
            <select id="custom-unit" value={form.data.unit} onChange={(e) => form.setData('unit', e.target.value)} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2">
              <option value="g">g</option>
              <option value="ml">ml</option>
            </select>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">{numeric.map((k) => field(k, 'decimal'))}</div>
        <div className="grid gap-4 sm:grid-cols-3">{field('grams', 'decimal')}</div>
        <button type="submit" className="btn-primary" disabled={form.processing}>
          {t('mealprep.food.customSubmit')}
        </button>
      </form>
    </Card>
  )
}
