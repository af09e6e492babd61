import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import type { TranslationKey } from '../locales/types'

/** One section of a legal page: its anchor and the keys of its title and body. */
export interface LegalSection {
  id: string
  title: TranslationKey
  body: TranslationKey
}

/** Terms and privacy share one shape in the locale files: title, updated, intro, sections.*. */
export default function LegalPage({ ns, sections }: { ns: 'terms' | 'privacy'; sections: readonly LegalSection[] }) {
  const { t } = useTranslation()
  return (
    <article className="container-page max-w-3xl py-14 sm:py-20">
      <Head title={t(`${ns}.title`)} />
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t(`${ns}.title`)}</h1>
      <p className="mt-2 text-sm text-stone-500">{t(`${ns}.updated`)}</p>
      <div className="prose-page mt-6">
        <p className="text-lg">{t(`${ns}.intro`)}</p>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`${ns}-${section.id}`}>
            <h2 id={`${ns}-${section.id}`}>{t(section.title)}</h2>
            <p>{t(section.body)}</p>
          </section>
        ))}
      </div>
    </article>
  )
}
