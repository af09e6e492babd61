import { Head, Link, useForm } from '@inertiajs/react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TermsNotice } from '../../components/auth/form-field'
import SocialButtons from '../../components/social-buttons'
import { usePageProps } from '../../hooks/use-page-props'
import type { OnboardingAnswers, OnboardingProps, OnboardingStep } from '../../types/onboarding'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'
import { Choice, Input, Label } from '../../components/ui/field'

const stepKeys = ['email', 'preferences', 'account', 'features'] as const

/**
 * Onboarding (docs/product.md §4): email, nutritional preferences, review and account creation, then full
 * access with the welcome promo. The server keeps the step and the answers in
 * the session; each form posts the step it shows and the server answers with the next one (or
 * field errors), so a reload or a second tab always shows where the person really is.
 */
export default function Onboarding() {
  const { t } = useTranslation()
  const { step, answers, options, promo, errors } = usePageProps<'onboarding/index'>()
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)

  // Move focus to the new step's heading so screen-reader and keyboard users know the page
  // changed; not on the first load, where the browser's own focus order is right.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <Head title={t('onboarding.title')} />
      <div className="container-page max-w-3xl py-12 sm:py-16">
        <p className="text-sm font-semibold text-brand-800">{t('onboarding.heading')}</p>
        <Stepper step={step} />
        <Card padding="xl" className="mt-8">
          {errors.form && (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {errors.form}
            </p>
          )}
          {step === 1 && <EmailStep answers={answers} headingRef={heading} />}
          {step === 2 && <PreferencesStep answers={answers} options={options} headingRef={heading} />}
          {step === 3 && <AccountStep answers={answers} options={options} headingRef={heading} />}
          {step === 4 && <FeaturesStep email={answers.email} promo={promo} headingRef={heading} />}
        </Card>
      </div>
    </section>
  )
}

function Stepper({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('onboarding.progress')} className="mt-3">
      <p className="sr-only" aria-live="polite" data-testid="step-status">
        {t('onboarding.stepOf', { current: step, total: stepKeys.length })}
      </p>
      <ol className="grid grid-cols-4 gap-2" data-testid="stepper">
        {stepKeys.map((key, i) => {
          const n = i + 1
          const state = n < step ? 'done' : n === step ? 'current' : 'todo'
          return (
            <li key={key} aria-current={state === 'current' ? 'step' : undefined} data-state={state} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-stone-200' : state === 'current' ? 'bg-brand-600' : 'bg-brand-300'}`}
              />
              <span className={`text-xs sm:text-sm ${state === 'current' ? 'font-semibold text-stone-900' : 'text-stone-500'}`}>
                <span aria-hidden="true">{n}. </span>
                {t(`onboarding.steps.${key}`)}
                {state !== 'todo' && <span className="sr-only"> ({t(`onboarding.${state}`)})</span>}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

type HeadingRef = { headingRef: React.RefObject<HTMLHeadingElement | null> }

function StepHeading({ headingRef, children }: HeadingRef & { children: ReactNode }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-stone-900 outline-none sm:text-3xl">
      {children}
    </h1>
  )
}

/**
 * A form posting one step; `back` asks for the previous step instead of validating. Field errors
 * are read from the page props: the server redirects back and renders the step afresh, so the
 * form helper's own error state would not survive the new page.
 */
function useStepForm(step: OnboardingStep, answers: OnboardingAnswers) {
  const { errors } = usePageProps()
  const form = useForm({ step, action: 'next', ...answers })
  const submit = (action: 'next' | 'back') => (event?: FormEvent) => {
    event?.preventDefault()
    form.transform((data) => ({ ...data, action }))
    form.post(url('onboarding.post'), { preserveScroll: false })
  }
  return { form, errors: { ...errors, ...form.errors } as Record<string, string | undefined>, next: submit('next'), back: submit('back') }
}

function Actions({ onBack, processing, submitLabel }: { onBack?: () => void; processing: boolean; submitLabel?: string }) {
  const { t } = useTranslation()
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {onBack ? (
        <Button variant="secondary" type="button" onClick={onBack} disabled={processing}>
          {t('onboarding.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button size="lg" type="submit" disabled={processing} className="px-6">
        {processing ? t('onboarding.sending') : (submitLabel ?? t('onboarding.next'))}
      </Button>
    </div>
  )
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  )
}

function EmailStep({ answers, headingRef }: { answers: OnboardingAnswers } & HeadingRef) {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const { form, errors, next } = useStepForm(1, answers)
  const error = errors.email
  return (
    <>
      <form onSubmit={next} noValidate>
        <StepHeading headingRef={headingRef}>{t('onboarding.email.heading')}</StepHeading>
        <p className="mt-3 text-stone-600">{t('onboarding.email.intro')}</p>
        <Label htmlFor="onboarding-email" className="mt-6">
          {t('onboarding.email.label')}
        </Label>
        <Input
          id="onboarding-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          placeholder={t('onboarding.email.placeholder')}
          size="lg"
          invalid={!!error}
          aria-describedby={error ? 'onboarding-email-error' : undefined}
          className="mt-2 block w-full"
        />
        <FieldError id="onboarding-email-error" message={error} />
        <Actions processing={form.processing} />
      </form>
      <SocialButtons />
      {/* A provider's button creates the account at once; the email path asks at step 3. */}
      {app.availableProviders.length > 0 && <TermsNotice when="continue" className="mt-6" />}
    </>
  )
}

function RadioGroup<V extends string>(props: {
  name: string
  legend: string
  values: readonly V[]
  value: string
  onChange: (v: V) => void
  label: (v: V) => string
  hint?: (v: V) => string
  error?: string
}) {
  const errorId = `onboarding-${props.name}-error`
  return (
    <fieldset className="mt-6" aria-describedby={props.error ? errorId : undefined} aria-invalid={props.error ? true : undefined}>
      <legend className="text-sm font-semibold text-stone-900">{props.legend}</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {props.values.map((v) => {
          const id = `onboarding-${props.name}-${v}`
          return (
            <label
              key={v}
              htmlFor={id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${
                props.error ? 'border-red-400' : 'border-stone-300'
              }`}
            >
              <Choice id={id} type="radio" name={props.name} value={v} checked={props.value === v} onChange={() => props.onChange(v)} className="mt-1" />
              <span>
                <span className="block font-medium text-stone-900">{props.label(v)}</span>
                {props.hint && <span className="block text-sm text-stone-500">{props.hint(v)}</span>}
              </span>
            </label>
          )
        })}
      </div>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  )
}

function PreferencesStep({ answers, options, headingRef }: { answers: OnboardingAnswers; options: OnboardingProps['options'] } & HeadingRef) {
  const { t } = useTranslation()
  const { form, errors, next, back } = useStepForm(2, answers)
  const splits = Object.fromEntries(options.presets.map((p) => [p.name, p.split]))
  return (
    <form onSubmit={next} noValidate>
      <StepHeading headingRef={headingRef}>{t('onboarding.preferences.heading')}</StepHeading>
      <p className="mt-3 text-stone-600">{t('onboarding.preferences.intro')}</p>
      <RadioGroup
        name="diet"
        legend={t('onboarding.preferences.diet.legend')}
        values={options.diets}
        value={form.data.diet}
        onChange={(v) => form.setData('diet', v)}
        label={(v) => t(`onboarding.preferences.diet.${v}`)}
        error={errors.diet}
      />
      <RadioGroup
        name="objective"
        legend={t('onboarding.preferences.objective.legend')}
        values={options.objectives}
        value={form.data.objective}
        onChange={(v) => form.setData('objective', v)}
        label={(v) => t(`onboarding.preferences.objective.${v}`)}
        error={errors.objective}
      />
      <RadioGroup
        name="macroPreset"
        legend={t('onboarding.preferences.preset.legend')}
        values={options.presets.map((p) => p.name)}
        value={form.data.macroPreset}
        onChange={(v) => form.setData('macroPreset', v)}
        label={(v) => t(`onboarding.preferences.preset.${v}`)}
        hint={(v) => {
          const split = splits[v]
          return split ? t('onboarding.preferences.preset.split', split) : ''
        }}
        error={errors.macroPreset}
      />
      <Actions onBack={() => back()} processing={form.processing} />
    </form>
  )
}

function AccountStep({ answers, options, headingRef }: { answers: OnboardingAnswers; options: OnboardingProps['options'] } & HeadingRef) {
  const { t } = useTranslation()
  const { form, next, back } = useStepForm(3, answers)
  const split = options.presets.find((p) => p.name === answers.macroPreset)?.split
  const rows: [string, string][] = [
    [t('onboarding.account.email'), answers.email],
    [t('onboarding.account.diet'), answers.diet ? t(`onboarding.preferences.diet.${answers.diet}`) : ''],
    [t('onboarding.account.objective'), answers.objective ? t(`onboarding.preferences.objective.${answers.objective}`) : ''],
    [
      t('onboarding.account.preset'),
      answers.macroPreset
        ? `${t(`onboarding.preferences.preset.${answers.macroPreset}`)} (${split ? t('onboarding.preferences.preset.split', { ...split }) : ''})`
        : '',
    ],
  ]
  return (
    <form onSubmit={next} noValidate>
      <StepHeading headingRef={headingRef}>{t('onboarding.account.heading')}</StepHeading>
      <p className="mt-3 text-stone-600">{t('onboarding.account.intro')}</p>
      <Card as="dl" variant="panel" padding="none" className="mt-6 divide-y divide-stone-200" data-testid="onboarding-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-3 gap-3 px-4 py-3 text-sm">
            <dt className="font-medium text-stone-500">{term}</dt>
            <dd className="col-span-2 text-stone-900">{value}</dd>
          </div>
        ))}
      </Card>
      <div role="note" aria-labelledby="verify-notice-title" className="mt-6 rounded-xl border border-accent-400 bg-accent-100 px-4 py-3" data-testid="verify-notice">
        <p id="verify-notice-title" className="font-semibold text-stone-900">
          {t('onboarding.account.noticeTitle')}
        </p>
        <p className="mt-1 text-sm text-stone-800">{t('onboarding.account.notice')}</p>
      </div>
      <Actions onBack={() => back()} processing={form.processing} submitLabel={t('onboarding.account.submit')} />
      <TermsNotice className="mt-4 sm:text-right" />
    </form>
  )
}

function FeaturesStep({ email, promo, headingRef }: { email: string } & Pick<OnboardingProps, 'promo'> & HeadingRef) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const ask = useForm({ email })
  const askCode = (event: FormEvent) => {
    event.preventDefault()
    ask.post(url('auth.otp.login.post'))
  }
  const copy = async () => {
    if (!promo) return
    try {
      await navigator.clipboard.writeText(promo.code)
      setCopied(true)
    } catch {
      // Clipboard refused (permissions, insecure context): the code stays visible and selectable.
    }
  }
  return (
    <div>
      <StepHeading headingRef={headingRef}>{t('onboarding.features.heading')}</StepHeading>
      <p className="mt-3 text-stone-600">{t('onboarding.features.intro', { email })}</p>
      <ul className="mt-5 space-y-2 text-stone-700">
        {(['recipes', 'mealprep', 'shopping'] as const).map((k) => (
          <li key={k} className="flex items-center gap-3">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-brand-600">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
            </svg>
            {t(`onboarding.features.list.${k}`)}
          </li>
        ))}
      </ul>

      {promo && (
        <section aria-labelledby="promo-title" className="mt-8 rounded-2xl bg-brand-900 p-6 text-white" data-testid="promo-card">
          <h2 id="promo-title" className="text-lg font-bold">
            {t('onboarding.features.promo.title')}
          </h2>
          <p className="mt-1 text-brand-100">{t('onboarding.features.promo.body')}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <span className="text-sm text-brand-200">{t('onboarding.features.promo.codeLabel')}</span>
            <code className="rounded-lg bg-white px-3 py-1.5 font-mono text-lg font-bold tracking-wider text-brand-900" data-testid="promo-code">
              {promo.code}
            </code>
            <span className="text-2xl font-extrabold" aria-hidden="true">
              −{promo.percent} %
            </span>
            <Button variant="inverse" onClick={copy}>
              {t('onboarding.features.promo.copy')}
            </Button>
            <span aria-live="polite" className="text-sm text-brand-100">
              {copied ? t('onboarding.features.promo.copied') : ''}
            </span>
          </div>
        </section>
      )}

      <div className="mt-8 flex flex-wrap justify-between gap-3" data-testid="onboarding-end">
        <Link href={url('index')} className={buttonClass({ variant: 'secondary' })}>
          {t('onboarding.features.home')}
        </Link>
        {/* The account has no password: signing in is by the emailed link or a code, never the
            password form. Asking for the code is a POST (CSRF, rate limit) that sends it, then
            shows the code page, which says a code was just sent (docs/social-login-and-onboarding.md). */}
        <form onSubmit={askCode} className="contents" data-testid="onboarding-ask-code">
          <Button size="lg" type="submit" disabled={ask.processing} className="px-6">
            {t('onboarding.features.login')}
          </Button>
        </form>
      </div>
    </div>
  )
}
