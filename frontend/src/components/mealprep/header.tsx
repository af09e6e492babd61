import { Link, router } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { useConfirm } from '../confirm-dialog'
import { Button } from '../ui/button'

/** Name, section tabs (foods, recipes) and the meal prep's actions (duplicate, delete). */
export default function MealPrepHeader({ id, name, current, title }: { id: string; name: string; current: 'food' | 'recipes'; title: string }) {
  const { t } = useTranslation()
  const [confirm, dialog] = useConfirm()
  const tab = (key: 'food' | 'recipes', label: string) => (
    <Link
      href={url(`mealprep.${key}`, { params: { id } })}
      aria-current={current === key ? 'page' : undefined}
      className={`rounded-lg px-4 py-2 text-sm font-semibold ${current === key ? 'bg-brand-100 text-brand-900' : 'text-stone-600 hover:bg-stone-100'}`}
    >
      {label}
    </Link>
  )
  return (
    <header className="space-y-4">
      <Link href={url('dashboard.general')} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('mealprep.actions.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-stone-900 sm:text-3xl" data-testid="mealprep-title">
          {title}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" type="button" onClick={() => router.post(url('mealprep.duplicate.post'), { id })} data-testid="mealprep-duplicate">
            {t('mealprep.actions.duplicate')}
          </Button>
          <Button
            variant="danger-secondary"
            type="button"
            data-testid="mealprep-delete"
            onClick={async () => {
              if (await confirm(t('mealprep.actions.confirmDelete'), t('mealprep.actions.delete'))) router.delete(url('mealprep.delete'), { data: { id } })
            }}
          >
            {t('mealprep.actions.delete')}
          </Button>
        </div>
      </div>
      <nav aria-label={t('mealprep.tabs.label')} className="flex gap-2 border-b border-stone-200 pb-2">
        {tab('food', t('mealprep.tabs.foods'))}
        {tab('recipes', t('mealprep.tabs.recipes'))}
      </nav>
      <span className="sr-only">{name}</span>
      {dialog}
    </header>
  )
}
