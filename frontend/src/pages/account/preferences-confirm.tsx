import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { Card } from '../../components/ui/card'
import { buttonClass } from '../../components/ui/button'

/**
 * The link of the email sent when someone went through the onboarding with the address of an
 * existing account. Opening it changes nothing (mail scanners open links too): the button's
 * POST (CSRF-protected) applies the choices, in a browser signed in to that account. Other
 * states say why the link applies nothing and where to go.
 */
export default function PreferencesConfirm({
  state,
  diet,
  objective,
  macroPreset,
  token = '',
}: PageProps['account/preferences-confirm']) {
  const { t } = useTranslation()
  const confirming = state === 'confirm'
  const heading = confirming ? t('profile.preferences.heading') : t(`profile.preferences.states.${state}.heading`)
  return (
    <div className="mx-auto max-w-xl" data-testid="preferences-confirm" data-state={state}>
      <Head title={t('profile.preferences.title')} />
      <Card as="section" aria-labelledby="preferences-confirm-title">
        <h1 id="preferences-confirm-title" className="text-2xl font-extrabold tracking-tight text-stone-900">
          {heading}
        </h1>
        <p className="mt-3 break-words text-stone-700">
          {confirming ? t('profile.preferences.text') : t(`profile.preferences.states.${state}.text`)}
        </p>
        {confirming && diet && objective && macroPreset && (
          <dl className="mt-4 grid gap-x-4 gap-y-2 text-stone-800 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{t('profile.preferences.diet')}</dt>
            <dd data-testid="preferences-diet">{t(`profile.account.diets.${diet}`)}</dd>
            <dt className="font-semibold">{t('profile.preferences.objective')}</dt>
            <dd data-testid="preferences-objective">{t(`profile.survey.objectives.${objective}`)}</dd>
            <dt className="font-semibold">{t('profile.preferences.macroPreset')}</dt>
            <dd data-testid="preferences-preset">{t(`profile.presets.${macroPreset}`)}</dd>
          </dl>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {confirming && (
            <Link
              href={url('account.preferences.confirm.post', { params: { token } })}
              method="post"
              as="button"
              className={buttonClass()}
              data-testid="preferences-confirm-submit"
            >
              {t('profile.preferences.submit')}
            </Link>
          )}
          {state === 'other_account' && (
            <Link href={url('auth.logout.post')} method="post" as="button" className={buttonClass()}>
              {t('profile.preferences.logout')}
            </Link>
          )}
          <Link href={url('dashboard.account')} className={buttonClass({ variant: 'secondary' })}>
            {confirming ? t('profile.preferences.cancel') : t('profile.preferences.back')}
          </Link>
        </div>
      </Card>
    </div>
  )
}
