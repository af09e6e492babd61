import { Head, Link } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { CurrencySwitch, PackGrid } from '../../components/billing/pack-grid'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { buttonClass } from '../../components/ui/button'

/** /buy-tokens-na: the packs for visitors, each with a sign-up path back to the purchase. */
export default function BuyTokensVisitor() {
  const { t } = useTranslation()
  const props = usePageProps<'billing/buy-tokens-na'>()
  const next = (pack: string, to?: string) => {
    return url('buyTokensNa.continue', { query: { pack, currency: props.currency, to } })
  }
  const loginPack = props.selectedPack || props.packs.find((p) => p.badge === 'most_popular')?.id || props.packs[0]?.id || ''
  return (
    <section className="container-page space-y-8 py-12 sm:py-16">
      <Head title={t('billing.visitor.title')} />
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{t('billing.visitor.heading')}</h1>
        <p className="mt-4 text-lg text-stone-600">{t('billing.visitor.subheading')}</p>
      </header>
      <CurrencySwitch currency={props.currency} currencies={props.currencies} path={url('buyTokensNa')} pack={props.selectedPack || undefined} />
      <PackGrid
        packs={props.packs}
        selected={props.selectedPack}
        action={(pack) => (
          <Link
            href={next(pack.id)}
            aria-label={t('billing.visitor.signUpLabel', { count: pack.tokens })}
            data-testid={`signup-${pack.id}`}
            className={buttonClass({ variant: pack.id === props.selectedPack || pack.badge === 'most_popular' ? 'primary' : 'secondary', block: true, className: 'block text-center' })}
          >
            {t('billing.visitor.signUp')}
          </Link>
        )}
      />
      <p className="text-center text-stone-600">
        {t('billing.visitor.haveAccount')}{' '}
        <Link href={next(loginPack, 'login')} className="font-semibold text-brand-800 underline">
          {t('billing.visitor.logIn')}
        </Link>
      </p>
    </section>
  )
}
