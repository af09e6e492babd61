import { Head, Link, router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import CustomFoodForm from '../../components/mealprep/custom-food-form'
import FoodSearch, { type FoodHit } from '../../components/mealprep/food-search'
import MealPrepHeader from '../../components/mealprep/header'
import SeasonBadge from '../../components/mealprep/season-badge'
import { per100Summary } from '../../components/mealprep/per100'
import { naturalQuantity, withNatural } from '../../components/mealprep/natural'
import { usePageProps } from '../../hooks/use-page-props'
import { GRAMS_PER_POUND, formatQuantity, gramsFrom, gramsIn, inputUnit, stockUnits, type StockUnit } from '../../lib/units'
import { useLocale } from '../../hooks/use-locale'
import { formatDecimal, toIntlLocale } from '../../lib/format'
import { url } from '../../lib/routes.gen'
import type { Locale, PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'
import { Input, Label } from '../../components/ui/field'
import { Select, SelectField } from '../../components/ui/select'

type FoodPage = PageProps['mealprep/food']
type FoodLine = FoodPage['foods'][number]


/** The meal prep's foods: search (combobox), add with a quantity in the person's unit, change, remove. */
export default function MealPrepFoods() {
  const { t } = useTranslation()
  const lang = useLocale()
  const locale = toIntlLocale(lang)
  const fmt = (v: number | null) => (v === null ? '?' : formatDecimal(v, lang, 1))
  const { mealPrep, foods, groups, settings, inSeason = [], seasonalVegetables = [], errors = {} } = usePageProps<'mealprep/food'>()
  const seasonal = new Set(inSeason)
  const units = settings.units
  const unit = inputUnit(units)
  const [group, setGroup] = useState('')
  const [picked, setPicked] = useState<FoodHit | null>(null)
  // A new key after each add gives a fresh, empty search box for the next food, which takes the
  // keyboard focus (the old box is gone; focus would otherwise fall to the page body).
  const [searchKey, setSearchKey] = useState(0)
  const form = useForm({ foodCode: 0, grams: 0 })
  // What the person has of the food: optional, empty is no limit (0 on the server), in grams or,
  // for lb/oz people, in pounds or ounces as they pick.
  const [quantity, setQuantity] = useState('')
  const [stockUnit, setStockUnit] = useState<StockUnit>(units === 'lb' ? 'lb' : 'g')

  const add = (e: FormEvent) => {
    e.preventDefault()
    if (!picked) return
    form.transform(() => ({ foodCode: picked.code, grams: stockInput(quantity, stockUnit) }))
    form.post(url('mealprep.food.post', { params: { id: mealPrep.id } }), {
      preserveScroll: true,
      onSuccess: () => {
        // The next food starts from nothing: a limit is only ever what the person typed for it.
        setPicked(null)
        setQuantity('')
        setSearchKey((k) => k + 1)
      },
    })
  }

  const title = t('mealprep.food.title', { name: mealPrep.name })
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <Head title={title} />
      <MealPrepHeader id={mealPrep.id} name={mealPrep.name} current="food" title={title} />

      <Card as="section" padding="md" className="space-y-4" aria-labelledby="add-food-title">
        <h2 id="add-food-title" className="sr-only">
          {t('mealprep.food.searchLabel')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
          <FoodSearch key={searchKey} mealPrepId={mealPrep.id} group={group} onPick={setPicked} focusOnMount={searchKey > 0} />
          <div>
            <SelectField
              id="food-group"
              label={t('mealprep.food.groupLabel')}
              value={group}
              onChange={(e) => setGroup(e.target.value)}
              options={[{ value: '', label: t('mealprep.food.allGroups') }, ...groups.map((g) => ({ value: g.key, label: g.name }))]}
            />
          </div>
        </div>
        <form onSubmit={add} className="flex flex-wrap items-end gap-3" data-testid="add-food-form">
          <div>
            <Label htmlFor="food-quantity">{t('mealprep.food.quantityLabel', { unit: units === 'lb' ? stockUnit : unit })}</Label>
            <Input
              id="food-quantity"
              inputMode="decimal"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              invalid={!!errors.grams}
              aria-describedby={errors.grams ? 'food-quantity-hint food-quantity-error' : 'food-quantity-hint'}
              className="mt-1.5 block w-32"
              data-testid="food-quantity"
            />
          </div>
          {stockUnits(units).length > 1 && (
            <SelectField
              id="food-quantity-unit"
              label={t('mealprep.food.stockUnit')}
              value={stockUnit}
              onChange={(e) => setStockUnit(e.target.value as StockUnit)}
              options={stockUnits(units).map((u) => ({ value: u, label: u }))}
              className="w-36"
            />
          )}
          <p id="food-quantity-hint" className="w-full text-sm text-stone-600 sm:order-last" data-testid="food-quantity-hint">
            {t('mealprep.food.quantityHint')}
          </p>
          <Button type="submit" disabled={!picked || form.processing} data-testid="food-add">
            {t('mealprep.food.add')}
          </Button>
          {picked && (
            <p className="w-full text-sm text-stone-700" data-testid="food-picked">
              {t('mealprep.food.selected', { name: picked.name })}
              {picked.per100g.kcal !== null &&
                ` — ${t('mealprep.food.per100', { kcal: fmt(picked.per100g.kcal), protein: fmt(picked.per100g.proteinG), fat: fmt(picked.per100g.fatG), carbs: fmt(picked.per100g.carbsG) })}`}
            </p>
          )}
          {picked?.dietWarning && (
            <p role="alert" className="w-full rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="diet-warning">
              {t(`mealprep.food.dietWarning.${picked.dietWarning}`)}
            </p>
          )}
          {picked && picked.declaredAllergens.length > 0 && (
            <p role="alert" className="w-full rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="allergen-warning">
              {t('mealprep.food.allergenWarning', { names: picked.declaredAllergens.join(', ') })}
            </p>
          )}
          {picked?.noEnergy && <p className="w-full text-sm text-amber-900">{t('mealprep.food.noEnergyHint')}</p>}
          {(errors.grams || errors.foodCode) && (
            <p id="food-quantity-error" role="alert" className="w-full text-sm font-medium text-red-700" data-testid="food-error">
              {errors.grams ?? errors.foodCode}
            </p>
          )}
        </form>
      </Card>

      <CustomFoodForm mealPrepId={mealPrep.id} errors={errors} />

      {seasonalVegetables.length > 0 && (
        <section aria-labelledby="seasonal-title" className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-5" data-testid="seasonal-vegetables">
          <h2 id="seasonal-title" className="text-lg font-bold text-stone-900">
            {t('mealprep.seasonal.title')}
          </h2>
          <p className="text-stone-700">{t('mealprep.seasonal.text')}</p>
          <ul className="flex flex-wrap gap-2">
            {seasonalVegetables.map((v) => (
              <li key={v.code}>
                <button
                  type="button"
                  className="btn-secondary"
                  data-testid="seasonal-add"
                  data-code={v.code}
                  onClick={() => router.post(url('mealprep.food.post', { params: { id: mealPrep.id } }), { foodCode: v.code, grams: 0 }, { preserveScroll: true })}
                >
                  {t('mealprep.seasonal.add', { name: v.name })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="food-list-title" className="space-y-3">
        <h2 id="food-list-title" className="text-lg font-bold text-stone-900">
          {t('mealprep.food.listTitle')}
        </h2>
        {foods.length === 0 ? (
          <p className="text-stone-600">{t('mealprep.food.empty')}</p>
        ) : (
          <Card as="ul" variant="item" padding="none" className="divide-y divide-stone-200" data-testid="food-list">
            {foods.map((f) => (
              <FoodRow key={f.code} food={f} mealPrepId={mealPrep.id} settings={settings} locale={locale} lang={lang} inSeason={seasonal.has(f.code)} />
            ))}
          </Card>
        )}
        {foods.length > 0 && (
          <Link href={url('mealprep.recipes', { params: { id: mealPrep.id } })} className={buttonClass({ className: 'inline-block' })} data-testid="to-recipes">
            {t('mealprep.food.nextStep')}
          </Link>
        )}
      </section>
    </div>
  )
}


function FoodRow({ food, mealPrepId, settings, locale, lang, inSeason }: { food: FoodLine; mealPrepId: string; settings: FoodPage['settings']; locale: string; lang: Locale; inSeason: boolean }) {
  const { t } = useTranslation()
  const units = settings.units
  // Pounds for a pound or more, else ounces (lb/oz people); grams otherwise.
  const [unit, setUnit] = useState<StockUnit>(units === 'lb' ? (food.grams >= GRAMS_PER_POUND ? 'lb' : 'oz') : 'g')
  const [value, setValue] = useState(food.grams > 0 ? String(gramsIn(food.grams, unit)) : '')
  const inputId = `qty-${food.code}`
  const save = (e: FormEvent) => {
    e.preventDefault()
    router.post(url('mealprep.food.post', { params: { id: mealPrepId } }), { foodCode: food.code, grams: stockInput(value, unit) }, { preserveScroll: true })
  }
  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-testid="food-row" data-code={food.code}>
      {/* Below 640 px the name takes the whole row and the controls go under it: beside them it
          was a column a few letters wide that broke names mid-word. */}
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="font-medium break-words text-stone-900" data-testid="food-row-name">
          {food.name}
          {inSeason && <SeasonBadge />}
        </p>
        <p className="text-xs text-stone-500">
          {food.custom ? t('mealprep.food.custom') : food.group} ·{' '}
          {food.grams > 0 ? (
            <span data-testid="food-row-quantity">
              {t('mealprep.food.have', { quantity: withNatural(naturalQuantity(food.grams, food.natural, units, t, locale), formatQuantity(food.grams, units, locale)) })}
            </span>
          ) : (
            t('mealprep.food.noLimit')
          )}
          {food.noEnergy && <span className="ml-1 rounded bg-amber-100 px-1.5 font-semibold text-amber-900">{t('mealprep.food.noEnergy')}</span>}
        </p>
        {per100Summary(food.per100g, t, lang) && (
          <p className="text-xs text-stone-700" data-testid="food-row-per100">
            {per100Summary(food.per100g, t, lang)}
          </p>
        )}
        {food.dietWarning && <p className="text-xs font-medium text-amber-900">{t(`mealprep.food.dietWarning.${food.dietWarning}`)}</p>}
        {food.declaredAllergens.length > 0 && (
          <p className="text-xs font-medium text-amber-900" data-testid="food-row-allergens">
            {t('mealprep.food.allergenWarning', { names: food.declaredAllergens.join(', ') })}
          </p>
        )}
      </div>
      <form onSubmit={save} className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('mealprep.food.quantityOf', { name: food.name, unit })}
        </label>
        <Input id={inputId} inputMode="decimal" size="xs" value={value} onChange={(e) => setValue(e.target.value)} className="w-24" />
        {units === 'lb' ? (
          <Select
            size="xs"
            aria-label={t('mealprep.food.stockUnitOf', { name: food.name })}
            value={unit}
            onChange={(e) => setUnit(e.target.value as StockUnit)}
            options={stockUnits(units).map((u) => ({ value: u, label: u }))}
            className="w-20"
          />
        ) : (
          <span className="text-sm text-stone-500" aria-hidden="true">
            {unit}
          </span>
        )}
        <Button variant="secondary" type="submit">
          {t('mealprep.food.update')}
        </Button>
      </form>
      <Button
        variant="danger-secondary"
        type="button"
        aria-label={t('mealprep.food.removeNamed', { name: food.name })}
        onClick={() => router.delete(url('mealprep.food.delete', { params: { id: mealPrepId } }), { data: { foodCode: food.code }, preserveScroll: true })}
      >
        {t('mealprep.food.remove')}
      </Button>
    </li>
  )
}

/** A "what I have" input → grams: empty is 0 (no limit), anything else as gramsFrom reads it. */
function stockInput(value: string, unit: StockUnit): number {
  return value.trim() === '' ? 0 : gramsFrom(value, unit)
}
