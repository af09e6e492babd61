import { router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Button } from '../ui/button'
import { Input } from '../ui/field'

/** A days field and a button that open the meal prep's shopping list (1–14 days, 7 by default). */
export function ShoppingListLink({ mealPrepId, hasRecipes }: { mealPrepId: string; hasRecipes: boolean }) {
  const { t } = useTranslation()
  const [days, setDays] = useState('7')
  const id = useId()
  const open = (e: FormEvent) => {
    e.preventDefault()
    router.get(url('mealprep.shoppingList', { params: { id: mealPrepId } }), { days: days.trim() })
  }
  return (
    <form onSubmit={open} noValidate className="flex flex-wrap items-end gap-3 print:hidden" data-testid="shopping-list-link">
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-semibold text-stone-800">
          {t('shopping.daysLabel')}
        </label>
        <Input id={id} type="number" inputMode="numeric" min={1} max={14} size="sm" value={days} onChange={(e) => setDays(e.target.value)} className="mt-1 w-24" />
      </div>
      <Button variant="secondary" type="submit" disabled={!hasRecipes}>
        {t('shopping.open')}
      </Button>
    </form>
  )
}
