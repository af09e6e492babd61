import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import MealPrepList, { type MealPrepSummary } from '../../components/mealprep/mealprep-list'
import { usePageProps } from '../../lib/shared-props'

const nextSteps = ['needs', 'mealprep', 'recipes'] as const

/** Signed-in home: welcome, token balance, the verify-email reminder, next steps. */
export default function General() {
  const { t } = useTranslation()
  const { auth, mealPreps = [] } = usePageProps<{ mealPreps?: MealPrepSummary[] }>()
  // Next steps lead somewhere: the meal-prep form, then the first meal prep's recipes.
  const stepHref: Partial<Record<(typeof nextSteps)[number], string>> = {
    mealprep: '#new-mealprep',
    recipes: mealPreps[0] ? `/mealprep/${mealPreps[0].id}/recipes` : '#new-mealprep',
  }
  const user = auth.user
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <Head title={t('home.title')} />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900" data-testid="dashboard-welcome">
          {user?.name ? t('home.welcome', { name: user.name }) : t('home.welcomeAnonymous')}
        </h1>
        <p className="mt-2 text-stone-600">{t('home.intro')}</p>
      </header>

      {user && !user.verified && (
        <section className="rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="verify-reminder">
          <h2 className="font-bold text-amber-900">{t('home.verifyTitle')}</h2>
          <p className="mt-1 text-sm text-amber-900">{t('home.verifyText')}</p>
          <Link href="/auth/verify/resend" method="post" as="button" className="btn-secondary mt-3">
            {t('home.verifyResend')}
          </Link>
        </section>
      )}

      <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="text-sm font-semibold tracking-wide text-stone-500 uppercase">{t('home.balanceTitle')}</h2>
        <p className="mt-2 text-4xl font-extrabold text-brand-800" data-testid="dashboard-balance" data-balance={user?.balance ?? 0}>
          {t('dashboard.balance', { count: user?.balance ?? 0 })}
        </p>
        <p className="mt-1 text-sm text-stone-500">{t('home.balanceHint')}</p>
      </section>

      <MealPrepList mealPreps={mealPreps} />

      <section>
        <h2 className="text-lg font-bold text-stone-900">{t('home.nextTitle')}</h2>
        <ol className="mt-3 grid gap-3 sm:grid-cols-3">
          {nextSteps.map((step, i) => (
            <li key={step} className="rounded-xl border border-stone-200 bg-white p-4">
              <span className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">{i + 1}</span>
              {stepHref[step] ? (
                <a href={stepHref[step]} className="mt-2 block text-sm font-medium text-brand-800 underline">
                  {t(`home.next.${step}`)}
                </a>
              ) : (
                <p className="mt-2 text-sm font-medium text-stone-800">{t(`home.next.${step}`)}</p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
