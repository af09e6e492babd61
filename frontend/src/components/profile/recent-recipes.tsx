import { Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { Card } from '../ui/card'
import { buttonClass } from '../ui/button'

type HomeProps = PageProps['dashboard/general']

/**
 * The dashboard home's latest recipes across meal preps (prop recentRecipes, newest first), each
 * linked to its recipe page by its name; when there are none, the way to the first one: the
 * first meal prep's create-recipe page, or the new meal prep form.
 */
export default function RecentRecipes({ recipes, mealPreps }: { recipes: HomeProps['recentRecipes']; mealPreps: HomeProps['mealPreps'] }) {
  const { t, i18n } = useTranslation()
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' })
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format
  const first = mealPreps[0]
  return (
    <section aria-labelledby="recent-recipes-title" className="space-y-4" data-testid="recent-recipes">
      <h2 id="recent-recipes-title" className="text-lg font-bold text-stone-900">
        {t('profile.home.recent.title')}
      </h2>
      {recipes.length === 0 ? (
        <div className="space-y-3 rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-stone-700" data-testid="recent-recipes-empty">
          <p>{first ? t('profile.home.recent.empty') : t('profile.home.recent.emptyNoMealPrep')}</p>
          {first ? (
            <Link href={url('mealprep.recipes', { params: { id: first.id } })} className={buttonClass({ className: 'inline-block' })}>
              {t('profile.home.recent.createRecipe', { name: first.name })}
            </Link>
          ) : (
            <a href="#new-mealprep" className={buttonClass({ className: 'inline-block' })}>
              {t('profile.home.recent.createMealPrep')}
            </a>
          )}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {recipes.map((r) => (
            <Card as="li" variant="item" key={r.id} className="min-w-0" data-testid="recent-recipe">
              <h3 className="font-bold break-words text-stone-900">
                <Link href={url('mealprep.recipe', { params: { id: r.mealPrepId, recipeId: r.id } })} className="text-brand-800 underline hover:no-underline">
                  {r.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm break-words text-stone-600">
                {t('profile.home.recent.mealPrep', { name: r.mealPrepName })} · {t(`mealprep.categories.${r.category}`)}
              </p>
              <p className="mt-1 text-sm text-stone-700">
                {t('profile.home.recent.macros', { kcal: num(r.perServing.kcal), protein: num(r.perServing.proteinG), fat: num(r.perServing.fatG), carbs: num(r.perServing.carbsG) })}
              </p>
              <p className="mt-1 text-xs text-stone-500">
                <time dateTime={r.createdAt}>{t('profile.home.recent.createdAt', { date: date.format(new Date(r.createdAt)) })}</time>
              </p>
            </Card>
          ))}
        </ul>
      )}
    </section>
  )
}
