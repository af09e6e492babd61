import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'

/** Terms and privacy share one shape in the locale files: title, updated, intro, sections.*. */
export default function LegalPage({ ns, sections }: { ns: 'terms' | 'privacy'; sections: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <article className="container-page max-w-3xl py-14 sm:py-20">
      <Head title={t(`${ns}.title`)} />
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t(`${ns}.title`)}</h1>
      <p className="mt-2 text-sm text-stone-500">{t(`${ns}.updated`)}</p>
      <div className="prose-page mt-6">
        <p className="text-lg">{t(`${ns}.intro`)}</p>
        {sections.map((section) => (
          <section key={section} aria-labelledby={`${ns}-${section}`}>
            <h2 id={`${ns}-${section}`}>{t(`${ns}.sections.${section}.title`)}</h2>
            <p>{t(`${ns}.sections.${section}.body`)}</p>
          </section>
        ))}
      </div>
    </article>
  )
}
