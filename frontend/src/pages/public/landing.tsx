import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import FaqAccordion from '../../components/faq-accordion'
import FeatureIcon from '../../components/feature-icon'
import { formatCurrencyUnit, formatDecimal, formatMoney, formatPercent, formatRatio } from '../../lib/format'
import { usePageProps } from '../../hooks/use-page-props'
import { useLocale } from '../../hooks/use-locale'
import type { LandingProps, TokenPack } from '../../types'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { buttonClass } from '../../components/ui/button'

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-stone-600">{subtitle}</p>
    </div>
  )
}

function Hero() {
  const { t } = useTranslation()
  const locale = useLocale()
  const macros = [
    { key: 'protein', grams: 42, width: 'w-[92%]', color: 'bg-brand-600' },
    { key: 'carbs', grams: 58, width: 'w-[97%]', color: 'bg-accent-400' },
    { key: 'fat', grams: 14, width: 'w-[88%]', color: 'bg-amber-300' },
  ] as const

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-stone-50 to-stone-50">
      <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-stone-900 sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-600">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href={url('onboarding')} className={buttonClass({ size: 'lg', className: 'px-6' })}>
              {t('landing.hero.ctaPrimary')}
            </Link>
            <a href="#features" className={buttonClass({ variant: 'secondary', size: 'lg', className: 'px-6' })}>
              {t('landing.hero.ctaSecondary')}
            </a>
          </div>
          <p className="mt-4 text-sm text-stone-500">{t('landing.hero.note')}</p>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-stone-200 pt-6">
            {[
              { value: '1', label: t('landing.hero.statRecipes') },
              { value: formatRatio(0.05, locale), label: t('landing.hero.statPrecision') },
              { value: t('landing.hero.statMinutesValue'), label: t('landing.hero.statMinutes') },
            ].map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-xs leading-snug text-stone-500 sm:text-sm">{stat.label}</dt>
                <dd className="text-2xl font-bold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <figure className="relative isolate mx-auto w-full max-w-sm" aria-label={t('landing.hero.preview.label')}>
          <div aria-hidden="true" className="absolute -inset-6 -z-10 rotate-3 rounded-[2rem] bg-brand-200/60" />
          <div className="rounded-3xl border border-stone-200 bg-white p-6 shadow-xl">
            <div className="flex items-center gap-3">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-100 text-accent-600">
                <FeatureIcon name="recipes" className="size-7" />
              </span>
              <div>
                <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{t('landing.hero.preview.meal')}</p>
                <p className="font-semibold text-stone-900">{t('landing.hero.preview.title')}</p>
              </div>
            </div>
            <ul className="mt-6 space-y-4">
              {macros.map((macro) => (
                <li key={macro.key}>
                  <div className="flex justify-between text-sm">
                    <span className="font-medium text-stone-700">{t(`landing.hero.preview.${macro.key}`)}</span>
                    <span className="text-stone-500">{t('landing.hero.preview.grams', { value: macro.grams })}</span>
                  </div>
                  <div className="mt-1.5 h-2.5 rounded-full bg-stone-100">
                    <div className={`h-2.5 rounded-full ${macro.width} ${macro.color}`} />
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
              </svg>
              {t('landing.hero.preview.onTarget')}
            </p>
          </div>
        </figure>
      </div>
    </section>
  )
}

function Features() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  return (
    <section id="features" aria-labelledby="features-title" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="features-title" title={t('landing.features.heading')} subtitle={t('landing.features.subheading')} />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {app.featuresList.map((feature) => (
            <Card as="li" key={feature.title} data-testid="feature-card">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-stone-900">{t(feature.title)}</h3>
              <p className="mt-2 leading-relaxed text-stone-600">{t(feature.description)}</p>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * One recipe of the engine's golden set (domain/nutrition/testdata/golden/chicken-week-lunch_dinner.json,
 * checked by golden_test.go): its target per serving and its ingredients divided by its 3 servings.
 */
const EXAMPLE_PLATE = {
  target: { kcal: 698, protein: 45, fat: 22, carbs: 80 },
  ingredients: [
    { key: 'chicken', grams: 145 },
    { key: 'rice', grams: 100 },
    { key: 'broccoli', grams: 110 },
    { key: 'oil', grams: 20 },
  ],
} as const

/** What the product does, measured, and a real example plate: no invented testimonials. */
function Proof() {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <section id="proof" aria-labelledby="proof-title" className="bg-white py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="proof-title" title={t('landing.proof.heading')} subtitle={t('landing.proof.subheading')} />
        <div className="mt-14 grid gap-6 lg:grid-cols-2">
          <ul className="grid gap-4">
            {(['tolerance', 'refund', 'data'] as const).map((key) => (
              <li key={key} data-testid="proof-fact" className="rounded-2xl border border-stone-200 bg-stone-50 p-6">
                <h3 className="text-lg font-semibold text-stone-900">{t(`landing.proof.${key}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-stone-600">{t(`landing.proof.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <figure className="rounded-2xl border border-brand-200 bg-brand-50 p-6" data-testid="proof-example">
            <figcaption>
              <span className="block text-sm font-semibold tracking-wide text-brand-800 uppercase">{t('landing.proof.example.title')}</span>
              <span className="mt-2 block text-xl font-bold text-stone-900">{t('landing.proof.example.name')}</span>
              <span className="mt-1 block text-sm text-stone-600">{t('landing.proof.example.serving')}</span>
            </figcaption>
            <ul className="mt-4 space-y-1 text-stone-800">
              {EXAMPLE_PLATE.ingredients.map((i) => (
                <li key={i.key} className="flex gap-3">
                  <span className="w-16 shrink-0 text-right font-semibold tabular-nums">{formatDecimal(i.grams, locale, 0)} g</span>
                  <span>{t(`landing.proof.example.${i.key}`)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-stone-700">{t('landing.proof.example.target', EXAMPLE_PLATE.target)}</p>
          </figure>
        </div>
      </div>
    </section>
  )
}

function PackCard({ pack }: { pack: TokenPack }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const highlighted = pack.badge !== null
  const badgeLabel = pack.badge === 'most_popular' ? t('landing.pricing.mostPopular') : pack.badge === 'best_value' ? t('landing.pricing.bestValue') : null

  return (
    <li
      data-testid="pack"
      data-pack={pack.id}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${
        pack.badge === 'most_popular' ? 'border-brand-600 ring-2 ring-brand-600' : 'border-stone-200'
      }`}
    >
      {badgeLabel && (
        <p
          data-testid="pack-badge"
          className={`absolute -top-3 left-6 rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase ${
            pack.badge === 'most_popular' ? 'bg-brand-700 text-white' : 'bg-accent-700 text-white'
          }`}
        >
          {badgeLabel}
        </p>
      )}
      <h3 className="text-lg font-semibold text-stone-900">{t('landing.pricing.tokens', { count: pack.tokens })}</h3>
      <p className="mt-4 text-4xl font-extrabold tracking-tight text-stone-900">{formatMoney(pack.priceCents, pack.currency, locale)}</p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-stone-600">
        <li>
          {t('landing.pricing.perToken', {
            price: formatMoney(pack.perTokenCents, pack.currency, locale),
          })}
        </li>
        <li data-testid="pack-per-unit">
          {t('landing.pricing.perUnit', {
            value: formatDecimal(pack.tokensPerUnit, locale, 1),
            unit: formatCurrencyUnit(pack.currency, locale),
          })}
        </li>
        {pack.discountPercent > 0 && (
          <li data-testid="pack-discount" className="font-semibold text-brand-800">
            {t('landing.pricing.discount', { percent: formatPercent(pack.discountPercent, locale) })}
          </li>
        )}
      </ul>
      <Link
        href={url('buyTokensNa', { query: { pack: pack.id } })}
        aria-label={t('landing.pricing.buyLabel', { count: pack.tokens })}
        className={buttonClass({ variant: highlighted ? 'primary' : 'secondary', className: 'mt-8' })}
      >
        {t('landing.pricing.buy')}
      </Link>
    </li>
  )
}

function Pricing({ packs }: { packs: TokenPack[] }) {
  const { t } = useTranslation()
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="pricing-title" title={t('landing.pricing.heading')} subtitle={t('landing.pricing.subheading')} />
        {packs.length === 0 ? (
          <p className="mt-10 text-center text-stone-600">{t('landing.pricing.empty')}</p>
        ) : (
          <ul className="mx-auto mt-14 grid max-w-5xl gap-8 md:grid-cols-3">
            {packs.map((pack) => (
              <PackCard key={pack.id} pack={pack} />
            ))}
          </ul>
        )}
        <p className="mt-10 text-center text-sm font-medium text-accent-700">{t('landing.pricing.promo')}</p>
      </div>
    </section>
  )
}

function Faq() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white py-20 sm:py-24">
      <div className="container-page max-w-3xl">
        <SectionHeading id="faq-title" title={t('landing.faq.heading')} subtitle={t('landing.faq.subheading')} />
        <div className="mt-12">
          <FaqAccordion items={app.faqList} />
        </div>
      </div>
    </section>
  )
}

function FinalCta() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="cta-title" className="py-20">
      <div className="container-page">
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {t('landing.finalCta.heading')}
          </h2>
          <p className="mt-3 text-brand-100">{t('landing.finalCta.body')}</p>
          <Link href={url('onboarding')} className="btn mt-8 bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
            {t('nav.getStarted')}
          </Link>
        </div>
      </div>
    </section>
  )
}

export default function Landing({ packs }: LandingProps) {
  const { t } = useTranslation()
  return (
    <>
      <Head title={t('landing.title')} />
      <Hero />
      <Features />
      <Proof />
      <Pricing packs={packs ?? []} />
      <Faq />
      <FinalCta />
    </>
  )
}
