import { Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { Card } from '../ui/card'
import { Button, buttonClass } from '../ui/button'
import { TextField } from '../ui/field'

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
                <Link href={url('mealprep.recipes', { params: { id: m.id } })} className={buttonClass()} data-testid="create-recipe">
                  {t('mealprep.list.createRecipe')}
                </Link>
                <Link href={url('mealprep.food', { params: { id: m.id } })} className={buttonClass({ variant: 'secondary' })}>
                  {t('mealprep.list.editFoods')}
                </Link>
              </div>
            </Card>
          ))}
        </ul>
      )}
      <Card as="form" variant="item" id="new-mealprep" onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="mealprep-create">
        <TextField
          id="mealprep-name"
          name="name"
          className="min-w-0 flex-1"
          label={t('mealprep.list.nameLabel')}
          maxLength={80}
          value={form.data.name}
          placeholder={t('mealprep.list.namePlaceholder')}
          onChange={(e) => form.setData('name', e.target.value)}
          error={form.errors.name}
        />
        <Button type="submit" disabled={form.processing}>
          {form.processing ? t('mealprep.list.creating') : t('mealprep.list.create')}
        </Button>
      </Card>
    </section>
  )
}
