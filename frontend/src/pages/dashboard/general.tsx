import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import MealPrepList from '../../components/mealprep/mealprep-list'
import RecentRecipes from '../../components/profile/recent-recipes'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { buttonClass } from '../../components/ui/button'
import { BalanceChart, MacroChart } from '../../components/profile/charts'


/** Signed-in home: balance (with a buy prompt when low), today's goals, meal preps, recent recipes, balance over time, checklist. */
export default function General() {
  const { t } = useTranslation()
  const { auth, mealPreps = [], recentRecipes = [], goals = null, balanceHistory = [], lowBalance = 10 } = usePageProps<'dashboard/general'>()
  const user = auth.user
  const balance = user?.balance ?? 0
  const checklist = [
    { key: 'verify', done: !!user?.verified, href: url('dashboard.account') },
    { key: 'goals', done: !!goals, href: url('dashboard.account') },
    { key: 'mealprep', done: mealPreps.length > 0, href: '#new-mealprep' },
    { key: 'recipes', done: mealPreps.some((m) => m.recipeCount > 0), href: mealPreps[0] ? url('mealprep.recipes', { params: { id: mealPreps[0].id } }) : '#new-mealprep' },
  ] as const
  const allDone = checklist.every((c) => c.done)

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
          <Link href={url('auth.verify.resend.post')} method="post" as="button" className={buttonClass({ variant: 'secondary', className: 'mt-3' })}>
            {t('home.verifyResend')}
          </Link>
        </section>
      )}

      {!allDone && (
        <Card as="section" aria-labelledby="checklist-title" data-testid="onboarding-checklist">
          <h2 id="checklist-title" className="text-lg font-bold text-stone-900">
            {t('profile.home.checklistTitle')}
          </h2>
          <ol className="mt-3 space-y-2">
            {checklist.map((c) => (
              <li key={c.key} className="flex items-center gap-3">
                <span aria-hidden="true" className={`flex size-6 items-center justify-center rounded-full text-sm font-bold ${c.done ? 'bg-brand-700 text-white' : 'border-2 border-stone-400 text-stone-400'}`}>
                  {c.done ? '✓' : ''}
                </span>
                {c.done ? (
                  <span className="text-stone-500 line-through">
                    {t(`profile.home.checklist.${c.key}`)} <span className="sr-only">({t('profile.home.done')})</span>
                  </span>
                ) : (
                  <a href={c.href} className="font-medium text-brand-800 underline">
                    {t(`profile.home.checklist.${c.key}`)}
                  </a>
                )}
              </li>
            ))}
          </ol>
        </Card>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <Card as="section" aria-labelledby="balance-title">
          <h2 id="balance-title" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
            {t('home.balanceTitle')}
          </h2>
          <p className="mt-2 text-4xl font-extrabold text-brand-800" data-testid="dashboard-balance" data-balance={balance}>
            {t('dashboard.balance', { count: balance })}
          </p>
          {balance < lowBalance ? (
            <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="low-balance">
              <p>{t('profile.home.lowBalance', { count: lowBalance })}</p>
              <Link href={url('buyTokens')} className={buttonClass({ className: 'mt-2 inline-block' })}>
                {t('dashboard.buyTokens')}
              </Link>
            </div>
          ) : (
            <p className="mt-1 text-sm text-stone-500">{t('home.balanceHint')}</p>
          )}
          {balanceHistory.length > 1 && (
            <figure className="mt-4">
              <figcaption className="text-sm font-semibold text-stone-700">{t('profile.home.balanceOverTime')}</figcaption>
              <BalanceChart points={balanceHistory} />
            </figure>
          )}
        </Card>

        <Card as="section" aria-labelledby="goals-home-title" data-testid="dashboard-goals">
          <h2 id="goals-home-title" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
            {t('profile.home.goalsTitle')}
          </h2>
          {goals ? (
            <figure className="mt-2">
              <figcaption className="text-2xl font-extrabold text-stone-900" data-testid="dashboard-goals-kcal">
                {t('profile.home.kcal', { kcal: goals.kcal })}
              </figcaption>
              <MacroChart goals={goals} />
              <Link href={url('dashboard.account')} className="text-sm font-medium text-brand-800 underline">
                {t('profile.home.editGoals')}
              </Link>
            </figure>
          ) : (
            <div className="mt-2 space-y-3 text-sm text-stone-700">
              <p>{t('profile.goals.none')}</p>
              <Link href={url('dashboard.account')} className={buttonClass({ className: 'inline-block' })}>
                {t('profile.goals.save')}
              </Link>
              <p>
                <Link href={url('account.survey')} className="font-medium text-brand-800 underline">
                  {t('profile.goals.calculate', { cost: 10 })}
                </Link>
              </p>
            </div>
          )}
        </Card>
      </div>

      <MealPrepList mealPreps={mealPreps} />

      <RecentRecipes recipes={recentRecipes} mealPreps={mealPreps} />
    </div>
  )
}
