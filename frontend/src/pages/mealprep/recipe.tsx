import { Head, Link, router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import KitchenMode from '../../components/mealprep/kitchen-mode'
import MacroChart from '../../components/mealprep/macro-chart'
import { naturalQuantity, withNatural } from '../../components/mealprep/natural'
import { formatMoney, toIntlLocale } from '../../lib/format'
import { usePageProps } from '../../hooks/use-page-props'
import { formatQuantity, fromInput, inputUnit, toInput } from '../../lib/units'
import { useLocale } from '../../hooks/use-locale'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Input, Label } from '../../components/ui/field'
import SeasonBadge from '../../components/mealprep/season-badge'
import { SwapFood } from '../../components/batchcook/recipe-actions'


/**
 * The Nutri-Score's letter colours (dark green A to red E), each with a text colour that keeps
 * 4.5:1 contrast. The grade is shown, never its raw points (docs/nutrition.md, "Nutri-Score").
 */
const gradeColour: Record<string, string> = {
  A: 'bg-green-800 text-white',
  B: 'bg-lime-300 text-stone-900',
  C: 'bg-yellow-300 text-stone-900',
  D: 'bg-orange-300 text-stone-900',
  E: 'bg-red-700 text-white',
}

/** One recipe: ingredients in the person's unit, steps, nutrition per serving against the meal target, price, duration, health score; rename, servings, quantities and delete. */
export default function MealPrepRecipe() {
  const { t } = useTranslation()
  const [confirm, dialog] = useConfirm()
  const lang = useLocale()
  const locale = toIntlLocale(lang)
  const { mealPrep, recipe, settings, limits, inSeason = [], allergens = [], errors = {} } = usePageProps<'mealprep/recipe'>()
  const [cooking, setCooking] = useState(false)
  const seasonal = new Set(inSeason)
  const units = settings.units
  const unit = inputUnit(units)
  const form = useForm({ name: recipe.name, servings: recipe.servings })
  const [grams, setGrams] = useState(recipe.ingredients.map((i) => String(toInput(i.grams, units))))
  const n = recipe.perServing
  const nf = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)
  // The shopping list's formatter: one way to write money on every page.
  const price = formatMoney(Math.round(recipe.price * 100), recipe.currency, lang)

  const save = (e: FormEvent) => {
    e.preventDefault()
    form.transform((d) => ({
      recipeId: recipe.id,
      name: d.name,
      servings: Number(d.servings),
      ingredients: recipe.ingredients.map((ing, i) => ({ foodCode: ing.foodCode, grams: fromInput(grams[i] ?? '', units) })),
    }))
    form.patch(url('mealprep.recipes.patch', { params: { id: mealPrep.id } }), { preserveScroll: true })
  }

  const nutrients: [string, string][] = [
    [t('mealprep.recipe.kcal'), `${nf(n.kcal)} kcal`],
    [t('mealprep.recipe.protein'), `${nf(n.proteinG)} g`],
    [t('mealprep.recipe.fat'), `${nf(n.fatG)} g`],
    [t('mealprep.recipe.satFat'), `${nf(n.satFatG)} g`],
    [t('mealprep.recipe.carbs'), `${nf(n.carbsG)} g`],
    [t('mealprep.recipe.sugars'), `${nf(n.sugarsG)} g`],
    [t('mealprep.recipe.fibre'), `${nf(n.fibreG)} g`],
    [t('mealprep.recipe.salt'), `${nf(n.saltG)} g`],
  ]

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <Head title={recipe.name} />
      {dialog}
      <header className="space-y-2">
        <Link href={url('mealprep.recipes', { params: { id: mealPrep.id } })} className="text-sm font-medium text-brand-700 hover:underline">
          ← {t('mealprep.recipe.back')}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-stone-900 sm:text-3xl" data-testid="recipe-title">
          {recipe.name}
        </h1>
        <p className="text-sm text-stone-600">{t('mealprep.recipe.category', { category: t(`mealprep.categories.${recipe.category}`) })}</p>
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button type="button" className="btn-primary" onClick={() => setCooking(true)} data-testid="kitchen-open" aria-describedby="kitchen-open-hint">
            {t('mealprep.kitchen.open')}
          </button>
          <span id="kitchen-open-hint" className="text-sm text-stone-600">
            {t('mealprep.kitchen.openHint')}
          </span>
        </div>
      </header>
      {cooking && (
        <KitchenMode
          title={recipe.name}
          steps={recipe.steps}
          ingredients={recipe.ingredients.map((i) => ({
            key: i.foodCode,
            name: i.name,
            quantity: withNatural(naturalQuantity(i.grams, i.natural, units, t, locale), formatQuantity(i.grams, units, locale)),
          }))}
          onClose={() => setCooking(false)}
        />
      )}

      <dl className="grid gap-3 sm:grid-cols-3">
        <Card variant="panel">
          <dt className="text-xs font-semibold text-stone-500 uppercase">{t('mealprep.recipe.durationLabel')}</dt>
          <dd className="mt-1 text-lg font-bold">{t('mealprep.recipe.duration', { count: recipe.durationMin })}</dd>
        </Card>
        <Card variant="panel">
          <dt className="text-xs font-semibold text-stone-500 uppercase">{t('mealprep.recipe.priceLabel')}</dt>
          <dd className="mt-1 text-lg font-bold" data-testid="recipe-price">{t('mealprep.recipe.price', { price })}</dd>
        </Card>
        <Card variant="panel">
          <dt className="text-xs font-semibold text-stone-500 uppercase">{t('mealprep.recipe.healthLabel')}</dt>
          <dd className="mt-1 text-lg font-bold" data-testid="recipe-health">
            {recipe.healthGrade ? (
              <span className="flex items-center gap-2">
                <span className={`inline-flex size-8 items-center justify-center rounded-md ${gradeColour[recipe.healthGrade] ?? 'bg-stone-200 text-stone-900'}`}>{recipe.healthGrade}</span>
                <span className="text-xs font-normal text-stone-600">{t('mealprep.recipe.healthScale')}</span>
              </span>
            ) : (
              t('mealprep.recipe.healthPending')
            )}
          </dd>
        </Card>
      </dl>

      {recipe.refunded && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('mealprep.recipe.refunded')}</p>}
      {recipe.explanation && <p className="text-sm text-stone-700">{recipe.explanation}</p>}

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="ingredients-title">
          <h2 id="ingredients-title" className="text-lg font-bold text-stone-900">{t('mealprep.recipe.ingredients')}</h2>
          <p className="text-sm text-stone-600">{t('mealprep.recipes.servings', { count: recipe.servings })}</p>
          <ul className="mt-2 space-y-1" data-testid="recipe-ingredients">
            {recipe.ingredients.map((i) => (
              <li key={i.foodCode} className="flex justify-between gap-3 border-b border-stone-100 py-1 text-sm">
                <span className="break-words">
                  {i.name}
                  {seasonal.has(i.foodCode) && <SeasonBadge />}
                  {i.fromPantry && (
                    <span className="block text-xs text-stone-600" data-testid="from-pantry">
                      {t('mealprep.recipe.fromPantry')}
                    </span>
                  )}
                </span>
                <span className="font-semibold whitespace-nowrap" data-testid="ingredient-quantity">{withNatural(naturalQuantity(i.grams, i.natural, units, t, locale), formatQuantity(i.grams, units, locale))}</span>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 text-lg font-bold text-stone-900">{t('mealprep.recipe.allergensTitle')}</h2>
          <p className="mt-1 text-sm text-stone-800" data-testid="recipe-allergens">
            {allergens.length > 0 ? t('mealprep.recipe.allergensContains', { names: allergens.map((a) => a.name).join(', ') }) : t('mealprep.recipe.allergensNone')}
          </p>
          <h2 className="mt-6 text-lg font-bold text-stone-900">{t('mealprep.recipe.steps')}</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-800">
            {recipe.steps.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="nutrition-title" className="space-y-6">
          <div>
            <h2 id="nutrition-title" className="text-lg font-bold text-stone-900">{t('mealprep.recipe.nutrition')}</h2>
            <table className="mt-2 w-full text-sm" data-testid="recipe-nutrition">
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('mealprep.recipe.nutrient')}</th>
                  <th scope="col">{t('mealprep.recipe.perServing')}</th>
                </tr>
              </thead>
              <tbody>
                {nutrients.map(([k, v]) => (
                  <tr key={k} className="border-b border-stone-100">
                    <th scope="row" className="py-1 text-left font-medium text-stone-700">{k}</th>
                    <td className="py-1 text-right font-semibold">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MacroChart value={n} target={recipe.target} />
        </section>
      </div>

      <SwapFood mealPrepId={mealPrep.id} recipeId={recipe.id} ingredients={recipe.ingredients} />

      <Card as="section" variant="item" padding="md" aria-labelledby="edit-title" className="space-y-4">
        <h2 id="edit-title" className="text-lg font-bold text-stone-900">{t('mealprep.recipe.edit')}</h2>
        <form onSubmit={save} className="space-y-4" data-testid="recipe-edit">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <div>
              <Label htmlFor="recipe-name">{t('mealprep.recipe.nameLabel')}</Label>
              <Input id="recipe-name" value={form.data.name} onChange={(e) => form.setData('name', e.target.value)} invalid={!!errors.name} className="mt-1.5 block w-full" />
            </div>
            <div>
              <Label htmlFor="recipe-servings">{t('mealprep.recipe.servingsLabel')}</Label>
              <Input id="recipe-servings" type="number" min={1} max={limits.maxServings} value={form.data.servings} onChange={(e) => form.setData('servings', Number(e.target.value))} invalid={!!errors.servings} className="mt-1.5 block w-full" />
            </div>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {recipe.ingredients.map((ing, i) => (
              <li key={ing.foodCode}>
                <label htmlFor={`ing-${ing.foodCode}`} className="block text-sm font-medium break-words">{t('mealprep.recipe.gramsOf', { name: ing.name, unit })}</label>
                <Input
                  id={`ing-${ing.foodCode}`}
                  inputMode="decimal"
                  size="xs"
                  value={grams[i]}
                  onChange={(e) => setGrams((g) => g.map((v, j) => (j === i ? e.target.value : v)))}
                  className="mt-1 block w-32"
                />
              </li>
            ))}
          </ul>
          {(errors.name || errors.servings || errors.ingredients) && (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="recipe-error">
              {errors.name ?? errors.servings ?? errors.ingredients}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={form.processing}>
              {form.processing ? t('mealprep.recipe.saving') : t('mealprep.recipe.save')}
            </Button>
            <Button
              variant="danger-secondary"
              type="button"
              onClick={async () => (await confirm(t('mealprep.recipe.confirmDelete'), t('mealprep.recipe.delete'))) && router.delete(url('mealprep.recipes.delete', { params: { id: mealPrep.id } }), { data: { recipeId: recipe.id } })}
            >
              {t('mealprep.recipe.delete')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
