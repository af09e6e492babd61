import { Head, Link, router } from '@inertiajs/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminNav, When } from '../../components/admin/admin-nav'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { url } from '../../lib/api'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/field'

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
          <Input id="people-search" type="search" size="sm" value={query} onChange={(e) => setQuery(e.target.value)} className="mt-1 block w-full" />
        </label>
        <Button type="submit">{t('admin.users.searchButton')}</Button>
      </form>
      {people.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('admin.users.empty')}</p>
      ) : (
        <TableFrame className="mt-4">
          <Table aria-label={t('admin.users.title')} data-testid="people-table">
            <TableHeader>
              <tr>
                <TableHead>{t('admin.users.colEmail')}</TableHead>
                <TableHead>{t('admin.users.colName')}</TableHead>
                <TableHead>{t('admin.users.colRole')}</TableHead>
                <TableHead>{t('admin.users.colCreated')}</TableHead>
              </tr>
            </TableHeader>
            <tbody>
              {people.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="break-all">
                    <Link className="font-semibold underline" href={url('dashboard.admin.users.show', { params: { userId: p.id } })}>
                      {p.email}
                    </Link>
                    <span className="ml-2 text-xs text-stone-500">{p.verifiedAt ? t('admin.users.verified') : t('admin.users.unverified')}</span>
                  </TableCell>
                  <TableCell>{`${p.name} ${p.surname}`.trim() || '—'}</TableCell>
                  <TableCell>{p.role}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    <When at={p.createdAt} locale={locale} />
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      )}
    </div>
  )
}
