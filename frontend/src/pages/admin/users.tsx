import { Head, Link, router } from '@inertiajs/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminNav, When } from '../../components/admin/admin-nav'
import { TableFrame } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../lib/shared-props'
import { useLocale } from '../../lib/use-locale'
import { Button } from '../../components/ui/button'

/** /dashboard/admin/users?q=: find a person by email, name or id. */
export default function Users() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { q, people } = usePageProps<'admin/users'>()
  const [query, setQuery] = useState(q)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    router.get(url('dashboard.admin.users'), query.trim() ? { q: query.trim() } : {}, { preserveState: true })
  }
  return (
    <div className="mx-auto max-w-6xl">
      <Head title={t('admin.users.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('admin.heading')}</h1>
      <AdminNav current="users" />
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium text-stone-700">
          {t('admin.users.search')}
          <input
            id="people-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent-700"
          />
        </label>
        <Button type="submit">
          {t('admin.users.searchButton')}
        </Button>
      </form>
      {people.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('admin.users.empty')}</p>
      ) : (
        <TableFrame className="mt-4">
          <table className="min-w-full text-left text-sm" aria-label={t('admin.users.title')} data-testid="people-table">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2">{t('admin.users.colEmail')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.users.colName')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.users.colRole')}</th>
                <th scope="col" className="px-3 py-2">{t('admin.users.colCreated')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id} className="border-t border-stone-100">
                  <td className="px-3 py-2 break-all">
                    <Link className="font-semibold underline" href={url('dashboard.admin.users.show', { params: { userId: p.id } })}>
                      {p.email}
                    </Link>
                    <span className="ml-2 text-xs text-stone-500">{p.verifiedAt ? t('admin.users.verified') : t('admin.users.unverified')}</span>
                  </td>
                  <td className="px-3 py-2">{`${p.name} ${p.surname}`.trim() || '—'}</td>
                  <td className="px-3 py-2">{p.role}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <When at={p.createdAt} locale={locale} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  )
}
