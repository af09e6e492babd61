import { router, usePage } from '@inertiajs/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopProps, TokenPack } from '../../types'
import { PackGrid } from './pack-grid'
import { url } from '../../lib/routes.gen'
import { buttonClass } from '../ui/button'
import { Input, Label } from '../ui/field'

type Errors = Partial<Record<'packId' | 'currency' | 'promoCode' | 'amountCents' | 'tokens', string>>

/**
 * The packs with a Buy button each and one promo code field. Buying posts /checkout; the
 * server answers with an external redirect to the payment page (Stripe, or the local test page).
 */
export function BuyForm({ shop }: { shop: ShopProps }) {
  const { t } = useTranslation()
  const errors = ((usePage().props as { errors?: Errors }).errors ?? {}) as Errors
  const [promoCode, setPromoCode] = useState('')
  const [busy, setBusy] = useState<string | null>(null)

  const buy = (pack: TokenPack) => {
    const code = promoCode.trim()
    setBusy(pack.id)
    router.post(
      url('checkout.post'),
      // What the buyer was shown: the server refuses the purchase if the pack changed since.
      { packId: pack.id, currency: shop.currency, promoCode: code, tokens: pack.tokens, ...(code === '' ? { amountCents: pack.priceCents } : {}) },
      { preserveScroll: true, onFinish: () => setBusy(null) },
    )
  }

  const formError = errors.packId ?? errors.currency ?? errors.amountCents ?? errors.tokens
  return (
    <div className="space-y-6">
      {formError && (
        <p role="alert" data-testid="checkout-error" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <div className="mx-auto max-w-md">
        <Label htmlFor="promo-code">{t('billing.shop.promoLabel')}</Label>
        <Input
          id="promo-code"
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          value={promoCode}
          onChange={(e) => setPromoCode(e.target.value)}
          invalid={!!errors.promoCode}
          aria-describedby={errors.promoCode ? 'promo-code-error' : 'promo-code-hint'}
          className="mt-2 block w-full uppercase"
        />
        {errors.promoCode ? (
          <p id="promo-code-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errors.promoCode}
          </p>
        ) : (
          <p id="promo-code-hint" className="mt-2 text-sm text-stone-500">
            {shop.promo.eligible
              ? t('billing.shop.promoHint', { code: shop.promo.code, percent: shop.promo.percent })
              : shop.promo.state === 'first_order_only'
                ? t('billing.shop.promoFirstOrder')
                : t('billing.shop.promoUsed')}
          </p>
        )}
      </div>
      <PackGrid
        packs={shop.packs}
        selected={shop.selectedPack}
        action={(pack) => (
          <button
            type="button"
            onClick={() => buy(pack)}
            disabled={busy !== null}
            aria-label={t('billing.pack.buyLabel', { count: pack.tokens })}
            data-testid={`buy-${pack.id}`}
            className={buttonClass({ variant: pack.id === shop.selectedPack || pack.badge === 'most_popular' ? 'primary' : 'secondary', block: true })}
          >
            {busy === pack.id ? t('billing.shop.redirecting') : t('billing.pack.buy')}
          </button>
        )}
      />
      <p className="text-center text-sm text-stone-500">{t('billing.shop.secure')}</p>
    </div>
  )
}
