import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'

/** Admin entry (ADMIN only, enforced by the server); the admin issue fills it. */
export default function Admin() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-4xl" data-testid="admin-home">
      <Head title={t('admin.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <p className="mt-2 text-stone-600">{t('admin.text')}</p>
    </div>
  )
}
