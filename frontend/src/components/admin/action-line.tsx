import { Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/api'
import { useLocale } from '../../hooks/use-locale'
import { When } from './admin-nav'
import type { PageProps } from '../../types'

/** One admin action as a sentence ("boss@… added 5 tokens"). */
export function ActionLine({ a }: { a: PageProps['admin/audit']['actions'][number] }) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <li className="py-2 text-sm text-stone-800">
      <When at={a.createdAt} locale={locale} /> — <strong>{a.actor}</strong>{' '}
      {t(`admin.action.${a.action}`, { amount: Math.abs(a.amount ?? 0), detail: a.detail, defaultValue: a.action })}
      {a.targetId && (
        <>
          {' · '}
          <Link className="underline" href={url('dashboard.admin.users.show', { params: { userId: a.targetId } })}>
            {a.targetId.slice(0, 8)}
          </Link>
        </>
      )}
      {(a.action === 'grant_tokens' || a.action === 'deduct_tokens') && a.detail && (
        <span className="block text-stone-600">{t('admin.action.reasonLabel', { reason: a.detail })}</span>
      )}
    </li>
  )
}
