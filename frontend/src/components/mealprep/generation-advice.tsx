import { Link, router } from '@inertiajs/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Category, RequestAdvice } from '../../types/props.gen'
import { newKey } from '../../lib/idempotency-key'
import { url } from '../../lib/routes.gen'

/**
 * A refused request's checked suggestion as an action (docs/nutrition.md, "Accuracy and
 * tolerance"): the foods that would each make it possible, one button each (both at once when
 * the engine needs the pair), for "more of" the same request again with a larger serving of
 * that food (one token, refunded if it fails too), a link to the account's price limit. The
 * diagnosis beside it says why; this only saves the person the search.
 */
export default function GenerationAdvice({ advice, mealPrepId, category }: { advice: RequestAdvice; mealPrepId: string; category: Category }) {
  const { t } = useTranslation()
  const [added, setAdded] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const [key] = useState(newKey)
  const foods = advice.foods.filter((f) => f.name)
  const add = (codes: number[]) => {
    const [code, ...rest] = codes
    if (code === undefined) {
      setBusy(false)
      return
    }
    setBusy(true)
    router.post(
      url('mealprep.food.post', { params: { id: mealPrepId } }),
      { foodCode: code, grams: 0 },
      {
        preserveScroll: true,
        onSuccess: () => {
          setAdded((a) => [...a, code])
          add(rest)
        },
        onError: () => setBusy(false),
      },
    )
  }

  if (advice.action === 'more_of') {
    const food = foods[0]
    if (!food) return null
    const larger = () => {
      setBusy(true)
      router.post(
        url('mealprep.recipes.post', { params: { id: mealPrepId } }),
        { category, count: 1, larger: [food.code], idempotencyKey: key },
        { preserveScroll: true, onFinish: () => setBusy(false) },
      )
    }
    return (
      <button
        type="button"
        className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-900 hover:bg-red-100 disabled:opacity-70"
        disabled={busy}
        onClick={larger}
        data-testid="advice-more-of"
      >
        {t('mealprep.recipes.advice.moreOf', { name: food.name })}
      </button>
    )
  }
  if (advice.action === 'raise_price_limit') {
    return (
      <Link href={url('account')} className="font-medium underline" data-testid="advice-price">
        {t('mealprep.recipes.advice.raisePrice')}
      </Link>
    )
  }
  if (advice.action !== 'add_food' || foods.length === 0) return null
  const groups = advice.pair ? [foods] : foods.map((f) => [f])
  return (
    <ul className="flex w-full flex-wrap gap-2" aria-label={t('mealprep.recipes.advice.label')} data-testid="advice">
      {groups.map((g) => {
        const done = g.every((f) => added.includes(f.code))
        const names = g.map((f) => f.name)
        return (
          <li key={g.map((f) => f.code).join('+')}>
            <button
              type="button"
              className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-900 hover:bg-red-100 disabled:opacity-70"
              disabled={busy || done}
              onClick={() => add(g.map((f) => f.code).filter((c) => !added.includes(c)))}
              data-testid="advice-add"
            >
              {done
                ? t('mealprep.recipes.advice.added', { count: names.length, name: names.join(t('mealprep.recipes.advice.and')) })
                : t('mealprep.recipes.advice.add', { name: names.join(t('mealprep.recipes.advice.and')) })}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
