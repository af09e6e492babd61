import type { TFunction } from 'i18next'

/**
 * A ledger reason as an admin reads it: "purchase" → "Achat", "promo_code:BIENVENUE30" →
 * "Code promo BIENVENUE30". A reason the messages do not know shows as recorded.
 */
export function reasonLabel(t: TFunction, reason: string): string {
  const [kind = '', arg] = reason.split(/:(.*)/s)
  if (arg !== undefined && kind === 'promo_code') return t('admin.reason.promo_code', { code: arg })
  return t(`admin.reason.${reason}`, { defaultValue: reason })
}

/** A purchase's status in words ("completed" → "Payé"). */
export function purchaseStatusLabel(t: TFunction, status: string): string {
  return t(`billing.products.checkoutStatus.${status}`, { defaultValue: status })
}

/** A pack by what it holds ("pack-60" of 60 tokens → "Pack de 60 jetons"), not by its id. */
export function packLabel(t: TFunction, tokens: number): string {
  return t('admin.packName', { count: tokens })
}

/** Who did something: the account's name, "système" for the application, or the recorded actor. */
export function actorLabel(t: TFunction, actor: string, actorName: string): string {
  const name = actorName || actor
  return name === 'system' ? t('admin.actorSystem') : name
}
