import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { TextField } from '../../components/ui/field'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/** First-time code visitor: name and surname, then the dashboard. */
export default function OtpSteps({ email }: { email: string }) {
  const { t } = useTranslation()
  const form = useForm({ name: '', surname: '' })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('auth.otp.complete.post'))
  }
  return (
    <>
      <Head title={t('auth.steps.title')} />
      <AuthHeading title={t('auth.steps.heading')} subtitle={t('auth.steps.subheading', { email })} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="steps-form">
        <TextField id="steps-name" name="name" autoComplete="given-name" label={t('auth.fields.name')} value={form.data.name} onChange={(e) => form.setData('name', e.target.value)} error={form.errors.name} />
        <TextField id="steps-surname" name="surname" autoComplete="family-name" label={t('auth.fields.surname')} value={form.data.surname} onChange={(e) => form.setData('surname', e.target.value)} error={form.errors.surname} />
        <Button size="lg" block type="submit" disabled={form.processing}>
          {form.processing ? t('auth.steps.submitting') : t('auth.steps.submit')}
        </Button>
      </form>
    </>
  )
}
