import { Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { Card } from '../ui/card'

/** A meal prep in the dashboard list (GET /dashboard/general, prop mealPreps). */
type MealPrepSummary = PageProps['dashboard/general']['mealPreps'][number]

/** The dashboard home's meal preps: each with its create-recipe button, and the create form. */
export default function MealPrepList({ mealPreps }: { mealPreps: MealPrepSummary[] }) {
  const { t } = useTranslation()
  const form = useForm({ name: '' })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    form.post(url('mealprep.post'))
  }
  return (
    <section aria-labelledby="mealpreps-title" className="space-y-4" data-testid="mealprep-list">
      <h2 id="mealpreps-title" className="text-lg font-bold text-stone-900">
        {t('mealprep.list.title')}
      </h2>
      {mealPreps.length === 0 ? (
        <p className="text-stone-600">{t('mealprep.list.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {mealPreps.map((m) => (
            <Card as="li" variant="item" key={m.id} data-testid="mealprep-item">
              <h3 className="font-bold break-words text-stone-900">
                <Link href={url('mealprep.food', { params: { id: m.id } })} className="hover:underline">
                  {m.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-stone-600">
                {t('mealprep.list.foods', { count: m.foodCount })} · {t('mealprep.list.recipes', { count: m.recipeCount })}
                {m.running > 0 && <span className="ml-1 font-semibold text-brand-800">· {t('mealprep.list.running')}</span>}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link href={url('mealprep.recipes', { params: { id: m.id } })} className="btn-primary text-sm" data-testid="create-recipe">
                  {t('mealprep.list.createRecipe')}
                </Link>
                <Link href={url('mealprep.food', { params: { id: m.id } })} className="btn-secondary text-sm">
                  {t('mealprep.list.editFoods')}
                </Link>
              </div>
            </Card>
          ))}
        </ul>
      )}
      <Card as="form" variant="item" id="new-mealprep" onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="mealprep-create">
        <div className="min-w-0 flex-1">
          <label htmlFor="mealprep-name" className="block text-sm font-semibold text-stone-900">
            {t('mealprep.list.nameLabel')}
          </label>
          <input
            id="mealprep-name"
            name="name"
            maxLength={80}
            value={form.data.name}
            placeholder={t('mealprep.list.namePlaceholder')}
            onChange={(e) => form.setData('name', e.target.value)}
            aria-invalid={form.errors.name ? true : undefined}
            aria-describedby={form.errors.name ? 'mealprep-name-error' : undefined}
            className="mt-1.5 block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base"
          />
          {form.errors.name && (
            <p id="mealprep-name-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {form.errors.name}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary" disabled={form.processing}>
          {form.processing ? t('mealprep.list.creating') : t('mealprep.list.create')}
        </button>
      </Card>
    </section>
  )
}
