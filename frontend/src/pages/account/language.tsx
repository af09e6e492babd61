import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Choice, FieldError } from '../../components/ui/field'

/** The person's language: stored on the account, so emails and every device follow it. */
export default function LanguagePage({ language }: { language: string }) {
  const { t } = useTranslation()
  const form = useForm({ language })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // The page that comes back carries the new locale, which every signed-in page follows.
    form.post(url('dashboard.language.post'))
  }
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Head title={t('profile.language.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('profile.language.title')}</h1>
      <Card as="form" onSubmit={submit} data-testid="language-form">
        <fieldset>
          <legend className="text-sm text-stone-600">{t('profile.language.intro')}</legend>
          <div className="mt-4 space-y-2">
            {(['fr', 'en'] as const).map((l) => (
              <label key={l} className="flex items-center gap-3 text-base text-stone-900">
                <Choice type="radio" size="md" name="language" value={l} lang={l} checked={form.data.language === l} onChange={() => form.setData('language', l)} />
                <span lang={l}>{t(`profile.language.${l}`)}</span>
              </label>
            ))}
          </div>
          <FieldError message={form.errors.language} className="mt-2" />
        </fieldset>
        <Button type="submit" disabled={form.processing} className="mt-6">
          {t('profile.language.save')}
        </Button>
      </Card>
    </div>
  )
}
