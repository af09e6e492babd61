import { Head, useForm } from '@inertiajs/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Input, Label } from '../../components/ui/field'

const points = ['offline', 'timer', 'sync'] as const
const platforms = ['android', 'ios', 'desktop'] as const
const steps = ['s1', 's2', 's3'] as const

/** The browser's install prompt (Chromium's beforeinstallprompt event), not in the DOM types. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/**
 * "Install the app": the web app installs from the browser (a button where the browser
 * offers the prompt, the steps per platform everywhere); the waitlist stays for the native apps.
 */
export default function Waitlist() {
  const { t } = useTranslation()
  const form = useForm({ email: '' })
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null)
  const [installed, setInstalled] = useState(false)
  useEffect(() => {
    setInstalled(window.matchMedia?.('(display-mode: standalone)').matches ?? false)
    const offer = (e: Event) => {
      e.preventDefault()
      setPrompt(e as InstallPromptEvent)
    }
    const done = () => {
      setInstalled(true)
      setPrompt(null)
    }
    window.addEventListener('beforeinstallprompt', offer)
    window.addEventListener('appinstalled', done)
    return () => {
      window.removeEventListener('beforeinstallprompt', offer)
      window.removeEventListener('appinstalled', done)
    }
  }, [])
  const install = async () => {
    if (!prompt) return
    await prompt.prompt()
    const { outcome } = await prompt.userChoice
    if (outcome === 'accepted') setInstalled(true)
    setPrompt(null)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    form.post(url('waitlist.post'), {
      preserveScroll: true,
      onSuccess: () => form.reset('email'),
    })
  }

  const error = form.errors.email
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <Head title={t('waitlist.title')} />
      <div className="container-page grid gap-12 py-16 sm:py-24 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">{t('waitlist.eyebrow')}</p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">{t('waitlist.heading')}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-600">{t('waitlist.subheading')}</p>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-stone-700">
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-brand-600">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
                </svg>
                {t(`waitlist.points.${point}`)}
              </li>
            ))}
          </ul>
          {installed && (
            <p role="status" className="mt-6 font-semibold text-brand-800" data-testid="app-installed">
              {t('waitlist.installed')}
            </p>
          )}
          {!installed && prompt && (
            <button type="button" onClick={install} className="btn-primary mt-6 px-6 py-3 text-base" data-testid="install-app">
              {t('waitlist.install')}
            </button>
          )}
        </div>

        <section aria-labelledby="install-steps" className="lg:col-span-2">
          <h2 id="install-steps" className="text-2xl font-bold tracking-tight text-stone-900">
            {t('waitlist.stepsTitle')}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {platforms.map((p) => (
              <Card as="section" key={p} aria-labelledby={`install-${p}`} data-testid={`install-${p}`}>
                <h3 id={`install-${p}`} className="font-semibold text-stone-900">
                  {t(`waitlist.platforms.${p}.name`)}
                </h3>
                <ol className="mt-3 list-decimal space-y-2 pl-5 text-stone-700">
                  {steps.map((s) => (
                    <li key={s}>{t(`waitlist.platforms.${p}.steps.${s}`)}</li>
                  ))}
                </ol>
              </Card>
            ))}
          </div>
        </section>

        <Card as="form" padding="xl" onSubmit={submit} noValidate aria-labelledby="native-apps" className="lg:col-span-2 lg:max-w-2xl">
          <h2 id="native-apps" className="text-xl font-bold text-stone-900">
            {t('waitlist.nativeTitle')}
          </h2>
          <p className="mt-2 mb-4 text-stone-600">{t('waitlist.nativeText')}</p>
          <Label htmlFor="waitlist-email">{t('waitlist.emailLabel')}</Label>
          <Input
            id="waitlist-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.data.email}
            onChange={(e) => form.setData('email', e.target.value)}
            placeholder={t('waitlist.emailPlaceholder')}
            size="lg"
            invalid={!!error}
            aria-describedby={error ? 'waitlist-email-error' : 'waitlist-note'}
            className="mt-2 block w-full"
          />
          {error && (
            <p id="waitlist-email-error" role="alert" data-testid="waitlist-error" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <Button size="lg" block type="submit" disabled={form.processing} className="mt-5">
            {form.processing ? t('waitlist.submitting') : t('waitlist.submit')}
          </Button>
          <p id="waitlist-note" className="mt-3 text-center text-sm text-stone-500">
            {t('waitlist.privacyNote')}
          </p>
        </Card>
      </div>
    </section>
  )
}
