import { Head, Link, router, useForm } from '@inertiajs/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import GenerationStatus from '../../components/mealprep/generation-status'
import MealPrepHeader from '../../components/mealprep/header'
import { ShoppingListLink } from '../../components/shopping/shopping-list-link'
import { KeepToggle, RegenerateRest } from '../../components/batchcook/recipe-actions'
import { newKey, renewKeyOnAnswer } from '../../lib/idempotency-key'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { formatQuantity } from '../../lib/units'
import { formatNumber, formatSigned, toIntlLocale } from '../../lib/format'
import { useLocale } from '../../hooks/use-locale'
import type { PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Input, Label } from '../../components/ui/field'
import { Select } from '../../components/ui/select'
import { useJobPoll } from '../../hooks/use-job-poll'

type Category = PageProps['mealprep/recipes']['categories'][number]

/** The meal prep's recipes: the plan, the generation form and its progress, the recipes. */
export default function MealPrepRecipes() {
  const { t } = useTranslation()
  const [confirm, dialog] = useConfirm()
  const { mealPrep, recipes, plan, goals, generation, categories, limits, auth } = usePageProps<'mealprep/recipes'>()
  const running = generation.filter((g) => g.running)
  const form = useForm({ category: 'lunch_dinner' as Category, count: 1, idempotencyKey: newKey() })
  const missing = useForm({ idempotencyKey: newKey() })
  // Each form's refusal comes from the form, not the page's `errors`: while a generation runs the
  // page polls, and each poll reloads `errors`, which the server sends empty once read, so a
  // refusal read from the page vanished within a second. A form keeps its errors until it is
  // sent again. The server also names keys that are not fields (tokens, form, missing).
  const errors = form.errors as Record<string, string | undefined>
  const missingErrors = missing.errors as Record<string, string | undefined>
  // Where focus goes once a generation was asked for: its progress, or the refusal (the button
  // the person pressed is disabled meanwhile, and focus would drop to the page's body).
  const [focusTo, setFocusTo] = useState<'result' | 'error' | 'missing-error' | null>(null)

  // Follow running requests by reloading only the generation prop; when the last one ends,
  // reload the recipes, the plan and the balance once.
  useJobPoll(running.length > 0, { poll: ['generation'], whenDone: ['recipes', 'plan', 'generation', 'auth'] })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    form.post(url('mealprep.recipes.post', { params: { id: mealPrep.id } }), {
      preserveScroll: true,
      ...renewKeyOnAnswer(() => form.setData('idempotencyKey', newKey()), { onSuccess: () => setFocusTo('result'), onError: () => setFocusTo('error') }),
    })
  }

  const missingTotal = plan.generate.reduce((n, g) => n + g.count, 0)
  // "Generate what is missing" is one request: the server asks for every missing meal, charges
  // them together and the page follows their progress like any other generation.
  const generateMissing = () => {
    // The count is the price on the button: the server refuses a set that no longer matches it.
    missing.transform((d) => ({ ...d, count: missingTotal }))
    missing.post(url('mealprep.recipes.missing.post', { params: { id: mealPrep.id } }), {
      preserveScroll: true,
      ...renewKeyOnAnswer(() => missing.setData('idempotencyKey', newKey()), { onSuccess: () => setFocusTo('result'), onError: () => setFocusTo('missing-error') }),
    })
  }

  useEffect(() => {
    if (!focusTo) return
    const target = focusTo === 'result' ? (document.getElementById('generation-status') ?? document.getElementById('recipes-title')) : document.getElementById(focusTo === 'error' ? 'generate-error' : 'missing-error')
    target?.focus()
    setFocusTo(null)
  }, [focusTo])

  const balance = auth.user?.balance ?? 0
  const title = t('mealprep.recipes.title', { name: mealPrep.name })
  const catName = (c: Category) => t(`mealprep.categories.${c}`)
  const recipeName = new Map(recipes.map((r) => [r.id, r.name]))
  const lang = useLocale()
  const locale = toIntlLocale(lang)

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <Head title={title} />
      {dialog}
      <MealPrepHeader id={mealPrep.id} name={mealPrep.name} current="recipes" title={title} />

      <GenerationStatus requests={generation} categoryName={catName} mealPrepId={mealPrep.id} />

      <Card as="section" padding="md" aria-labelledby="shopping-title" className="print:hidden">
        <h2 id="shopping-title" className="mb-3 text-lg font-bold text-stone-900">
          {t('shopping.title')}
        </h2>
        <ShoppingListLink mealPrepId={mealPrep.id} hasRecipes={recipes.length > 0} />
      </Card>

      <Card as="section" padding="md" aria-labelledby="plan-title" className="space-y-4" data-testid="plan">
        <h2 id="plan-title" className="text-lg font-bold text-stone-900">
          {t('mealprep.plan.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('mealprep.plan.intro')}</p>
        {goals.defaulted && (
          <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700" data-testid="default-goals">
            {t('mealprep.plan.defaultGoals', { kcal: goals.daily.kcal })}
          </p>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('mealprep.plan.covered')}</caption>
            <thead>
              <tr className="text-stone-500">
                <th scope="col" className="py-1 pr-3">{t('mealprep.plan.meal')}</th>
                <th scope="col" className="py-1">{t('mealprep.plan.covered')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.meals.map((m) => (
                <tr key={m.category} className="border-t border-stone-100">
                  <th scope="row" className="py-1.5 pr-3 font-medium text-stone-900">{catName(m.category)}</th>
                  <td className="py-1.5">{m.recipes > 0 ? t('mealprep.plan.coveredBy', { recipes: t('mealprep.list.recipes', { count: m.recipes }), servings: t('mealprep.recipes.servings', { count: m.servings }), days: t('mealprep.plan.days', { count: m.days }) }) : t('mealprep.plan.notCovered')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {plan.stock.length > 0 && (
          <div data-testid="plan-stock">
            <h3 className="font-semibold text-stone-900">{t('mealprep.plan.stockTitle')}</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-amber-900">
              {plan.stock.map((s) => (
                <li key={s.foodCode}>
                  {t('mealprep.plan.stock', { name: s.name, needed: formatQuantity(s.neededG, goals.units, locale), have: formatQuantity(s.haveG, goals.units, locale), days: plan.schedule.days.length })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div data-testid="plan-schedule">
          <h3 className="font-semibold text-stone-900">{t('mealprep.plan.scheduleTitle', { count: plan.schedule.days.length })}</h3>
          <p className="text-sm text-stone-600">{t('mealprep.plan.scheduleIntro')}</p>
          <ol className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
            {plan.schedule.days.map((d) => (
              <li key={d.day} className="rounded-lg border border-stone-100 p-2">
                <span className="font-medium text-stone-900">{t('mealprep.plan.day', { day: d.day })}</span>
                {d.meals.length === 0 ? (
                  <p className="text-stone-600">{t('mealprep.plan.dayEmpty')}</p>
                ) : (
                  <ul className="text-stone-800">
                    {d.meals.map((m) => (
                      <li key={m.recipeId}>
                        {t('mealprep.plan.scheduleMeal', { meal: catName(m.category), recipe: recipeName.get(m.recipeId) ?? '', portions: t('mealprep.plan.portions', { count: m.portions }) })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-right text-sm" data-testid="plan-totals">
            <caption className="sr-only">{t('mealprep.plan.perDay')}</caption>
            <thead>
              <tr className="text-stone-500">
                <td />
                <th scope="col" className="py-1 pl-2">{t('mealprep.plan.perDay')}</th>
                <th scope="col" className="py-1 pl-2">{t('mealprep.plan.goal')}</th>
                <th scope="col" className="py-1 pl-2">{t('mealprep.plan.diff')}</th>
              </tr>
            </thead>
            <tbody>
              {(['kcal', 'proteinG', 'fatG', 'carbsG'] as const).map((k) => {
                const label = ({ kcal: 'kcal', proteinG: 'protein', fatG: 'fat', carbsG: 'carbs' } as const)[k]
                const d = plan.diff[k]
                return (
                  <tr key={k} className="border-t border-stone-100">
                    <th scope="row" className="py-1.5 text-left font-medium text-stone-900">{t(`mealprep.plan.${label}`)}</th>
                    <td className="py-1.5 pl-2">{formatNumber(plan.perDay[k], lang)}</td>
                    <td className="py-1.5 pl-2">{formatNumber(plan.goal[k], lang)}</td>
                    <td className={`py-1.5 pl-2 font-semibold ${d < 0 ? 'text-red-700' : 'text-stone-700'}`}>{formatSigned(d, lang)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="font-semibold text-stone-900">{t('mealprep.plan.missingTitle')}</h3>
          {plan.missing.length === 0 ? (
            <p className="text-sm text-stone-600" data-testid="plan-complete">
              {missingTotal > 0 ? t('mealprep.plan.variety', { count: missingTotal }) : t('mealprep.plan.complete')}
            </p>
          ) : (
            <ul className="mt-1 list-disc pl-5 text-sm text-stone-800" data-testid="plan-missing">
              {plan.missing.map((m, i) => (
                <li key={i}>{m.kind === 'meal' && m.category ? t('mealprep.plan.missingMeal', { meal: catName(m.category).toLowerCase() }) : m.macro ? t(`mealprep.plan.missingMacro.${m.macro}`, { amount: m.amount ?? 0 }) : ''}</li>
              ))}
            </ul>
          )}
          {missingTotal > 0 && (mealPrep.foodCount ?? 0) > 0 && (
            <Button type="button" className="mt-3" disabled={running.length > 0 || missing.processing} onClick={generateMissing} data-testid="generate-missing">
              {missing.processing ? t('mealprep.recipes.sending') : t('mealprep.plan.generateMissing', { count: missingTotal })}
            </Button>
          )}
          {missingErrors.missing && (
            <div className="mt-2 space-y-1 text-sm">
              <p id="missing-error" role="alert" tabIndex={-1} className="font-medium text-red-700" data-testid="missing-error">
                {missingErrors.missing}
              </p>
              {missingErrors.tokens && (
                <Link href={url('buyTokens')} className="font-semibold text-brand-800 underline">
                  {t('mealprep.recipes.buyTokens')}
                </Link>
              )}
            </div>
          )}
        </div>
      </Card>

      <Card as="section" padding="md" aria-labelledby="generate-title" className="space-y-4">
        <h2 id="generate-title" className="text-lg font-bold text-stone-900">
          {t('mealprep.recipes.generateTitle')}
        </h2>
        {(mealPrep.foodCount ?? 0) === 0 ? (
          <p className="text-sm text-stone-700">
            {t('mealprep.recipes.noFoods')}{' '}
            <Link href={url('mealprep.food', { params: { id: mealPrep.id } })} className="font-semibold text-brand-700 underline">
              {t('mealprep.recipes.addFoods')}
            </Link>
          </p>
        ) : null}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-4" data-testid="generate-form">
          <div>
            <Label htmlFor="gen-category">{t('mealprep.recipes.categoryLabel')}</Label>
            <Select
              id="gen-category"
              value={form.data.category}
              onChange={(e) => form.setData('category', e.target.value as Category)}
              invalid={!!errors.category}
              className="mt-1.5 block"
              options={categories.map((c) => ({ value: c, label: catName(c) }))}
            />
          </div>
          <div>
            <Label htmlFor="gen-count">{t('mealprep.recipes.countLabel')}</Label>
            <Input
              id="gen-count"
              type="number"
              min={limits.minCount}
              max={limits.maxCount}
              value={form.data.count}
              onChange={(e) => form.setData('count', Number(e.target.value))}
              invalid={!!errors.count}
              aria-describedby="gen-cost"
              className="mt-1.5 block w-24"
              data-testid="generate-count"
            />
          </div>
          <p id="gen-cost" className="text-sm text-stone-600">{t('mealprep.recipes.cost', { count: form.data.count || 0 })}</p>
          <Button type="submit" disabled={form.processing} data-testid="generate-submit">
            {form.processing ? t('mealprep.recipes.sending') : t('mealprep.recipes.generate')}
          </Button>
        </form>
        {(errors.count || errors.category || errors.form) && (
          <p id="generate-error" role="alert" tabIndex={-1} className="text-sm font-medium text-red-700" data-testid="generate-error">
            {errors.form ?? errors.count ?? errors.category}
          </p>
        )}
        {(errors.tokens || missingErrors.tokens || balance < (form.data.count || 1)) && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="tokens-prompt">
            {t('mealprep.recipes.needTokens')}{' '}
            <Link href={url('buyTokens')} className="font-semibold underline">
              {t('mealprep.recipes.buyTokens')}
            </Link>
          </p>
        )}
      </Card>

      <section aria-labelledby="recipes-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recipes-title" tabIndex={-1} className="text-lg font-bold text-stone-900">{t('mealprep.recipes.listTitle')}</h2>
          {recipes.length > 0 && (
            <Button
              variant="danger-secondary"
              type="button"
              onClick={async () => (await confirm(t('mealprep.recipes.confirmDeleteAll'), t('mealprep.recipes.deleteAll'))) && router.delete(url('mealprep.recipes.delete', { params: { id: mealPrep.id } }), { data: {} })}
            >
              {t('mealprep.recipes.deleteAll')}
            </Button>
          )}
        </div>
        {recipes.length > 0 && <RegenerateRest mealPrepId={mealPrep.id} recipeIds={recipes.filter((r) => !r.kept).map((r) => r.id)} />}
        {recipes.length === 0 ? (
          <p className="text-stone-600">{t('mealprep.recipes.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="recipe-list">
            {recipes.map((r) => (
              <Card as="li" variant="item" key={r.id} data-testid="recipe-card">
                <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{catName(r.category)}</p>
                <h3 className="mt-1 font-bold break-words text-stone-900">
                  <Link href={url('mealprep.recipe', { params: { id: mealPrep.id, recipeId: r.id } })} className="hover:underline">
                    {r.name}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-stone-600">
                  {t('mealprep.recipes.servings', { count: r.servings })} · {t('mealprep.recipes.perServing', { kcal: r.perServing.kcal })}
                </p>
                {r.refunded && <p className="mt-1 text-xs font-medium text-amber-900">{t('mealprep.recipes.refunded')}</p>}
                <KeepToggle mealPrepId={mealPrep.id} recipeId={r.id} name={r.name} kept={r.kept} />
              </Card>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
