import { Link, router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { newKey, renewKeyOnAnswer } from '../../lib/idempotency-key'
import { usePageProps } from '../../hooks/use-page-props'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Choice, FieldError, Input, Label } from '../ui/field'
import { Select } from '../ui/select'

/** Keep or unkeep a recipe: "regenerate the rest" leaves the kept ones. */
export function KeepToggle({ mealPrepId, recipeId, name, kept }: { mealPrepId: string; recipeId: string; name: string; kept: boolean }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="toggle"
      aria-pressed={kept}
      className="mt-2"
      onClick={() => router.post(url('mealprep.recipes.keep.post', { params: { id: mealPrepId } }), { recipeId, kept: !kept }, { preserveScroll: true })}
      data-testid="keep-toggle"
    >
      {kept ? t('regenerate.kept', { name }) : t('regenerate.keep', { name })}
    </Button>
  )
}

/**
 * "Regenerate the rest": one token per recipe not kept, and the plan's links. The request names
 * the recipes this page shows as not kept, so a second tab or device asking for the same ones is
 * refused with nothing charged; the key is renewed once the server answers.
 */
export function RegenerateRest({ mealPrepId, recipeIds }: { mealPrepId: string; recipeIds: string[] }) {
  const { t } = useTranslation()
  const [key, setKey] = useState(newKey)
  // The refusal is the answer's, kept until the next click, as a form keeps its errors: the
  // page's `errors` would not do, since each poll of a running regeneration reloads them and the
  // server sends them empty once read (a second tab's refusal vanished within a second).
  const [refusal, setRefusal] = useState<string>()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        disabled={recipeIds.length === 0}
        onClick={() => {
          setRefusal(undefined)
          router.post(
            url('mealprep.recipes.regenerate.post', { params: { id: mealPrepId } }),
            { recipeIds, idempotencyKey: key },
            { preserveScroll: true, ...renewKeyOnAnswer(() => setKey(newKey()), { onError: (errors) => setRefusal(errors.regenerate) }) },
          )
        }}
        data-testid="regenerate-rest"
      >
        {t('regenerate.rest', { count: recipeIds.length })}
      </Button>
      <Link href={url('mealprep.plan.cook', { params: { id: mealPrepId } })} className="font-semibold text-brand-800 underline" data-testid="cook-plan-link">
        {t('regenerate.cookPlan')}
      </Link>
      <FieldError message={refusal} className="w-full" />
    </div>
  )
}

type Hit = { code: number; name: string }

/** Swap one ingredient for another food of the meal prep or the catalogue; the engine re-solves the quantities. */
export function SwapFood({ mealPrepId, recipeId, ingredients }: { mealPrepId: string; recipeId: string; ingredients: { foodCode: number; name: string }[] }) {
  const { t } = useTranslation()
  const { errors } = usePageProps<'mealprep/recipe'>()
  const [from, setFrom] = useState(String(ingredients[0]?.foodCode ?? ''))
  const [q, setQ] = useState('')
  const [hits, setHits] = useState<Hit[]>([])
  const [to, setTo] = useState('')
  const fromId = useId()
  const qId = useId()
  const e = (errors as Record<string, string | undefined>).toFoodCode ?? (errors as Record<string, string | undefined>).fromFoodCode
  const search = async (ev: FormEvent) => {
    ev.preventDefault()
    const res = await fetch(`${url('mealprep.food.search', { params: { id: mealPrepId } })}?q=${encodeURIComponent(q)}`, { headers: { Accept: 'application/json' } })
    const body = (await res.json()) as { foods: Hit[] }
    setHits(body.foods.slice(0, 8))
    setTo(body.foods[0] ? String(body.foods[0].code) : '')
  }
  const swap = () =>
    router.post(url('mealprep.recipe.swap.post', { params: { id: mealPrepId, recipeId } }), { fromFoodCode: Number(from), toFoodCode: Number(to) }, { preserveScroll: true })
  return (
    <Card as="section" variant="item" aria-labelledby="swap-title" className="space-y-3 print:hidden" data-testid="swap-food">
      <h2 id="swap-title" className="text-lg font-bold text-stone-900">
        {t('regenerate.swapTitle')}
      </h2>
      <p className="text-sm text-stone-600">{t('regenerate.swapIntro')}</p>
      <div>
        <Label htmlFor={fromId}>{t('regenerate.swapFrom')}</Label>
        <Select
          id={fromId}
          size="sm"
          value={from}
          onChange={(x) => setFrom(x.target.value)}
          options={ingredients.map((i) => ({ value: String(i.foodCode), label: i.name }))}
          className="mt-1 block w-full"
        />
      </div>
      <form onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <Label htmlFor={qId}>{t('regenerate.swapSearch')}</Label>
          <Input id={qId} size="sm" value={q} onChange={(x) => setQ(x.target.value)} className="mt-1 block w-full" />
        </div>
        <Button type="submit" variant="secondary">
          {t('regenerate.swapFind')}
        </Button>
      </form>
      {hits.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">{t('regenerate.swapTo')}</legend>
          {hits.map((h) => (
            <label key={h.code} className="flex items-center gap-2 py-1">
              <Choice type="radio" name="swap-to" value={h.code} checked={to === String(h.code)} onChange={() => setTo(String(h.code))} />
              {h.name}
            </label>
          ))}
        </fieldset>
      )}
      <Button disabled={!to} onClick={swap} data-testid="swap-submit">
        {t('regenerate.swap')}
      </Button>
      <FieldError id="swap" message={e} />
    </Card>
  )
}
