import type { ComponentPropsWithoutRef, ElementType } from 'react'
import { cn } from '../../lib/cn'

/**
 * The white bordered surface every area draws its blocks on. `section` is a page block (raised,
 * large radius), `item` a card in a list (flat), `panel` a smaller flat box (admin forms, figures).
 */
const variants = {
  section: 'rounded-2xl shadow-sm',
  item: 'rounded-2xl',
  panel: 'rounded-xl',
} as const

/** Inner spacing; `xl` opens up from the `sm` breakpoint (status and form pages). */
const paddings = {
  none: '',
  sm: 'p-4',
  md: 'p-5',
  lg: 'p-6',
  xl: 'p-6 sm:p-8',
} as const

/** Each variant's usual padding, so most cards need neither prop. */
const defaultPadding = { section: 'lg', item: 'sm', panel: 'sm' } as const

/** A card's look. */
export type CardVariant = keyof typeof variants
/** A card's inner spacing. */
export type CardPadding = keyof typeof paddings

/** The class string of a card, for an element that cannot be a Card (a third-party one). */
export function cardClass({ variant = 'section', padding, className }: { variant?: CardVariant; padding?: CardPadding; className?: string } = {}): string {
  return cn(className, variants[variant], 'border border-stone-200 bg-white', paddings[padding ?? defaultPadding[variant]])
}

/** Card's props: the element it renders (`as`, a div by default) with that element's own props. */
export type CardProps<E extends ElementType> = {
  as?: E
  variant?: CardVariant
  padding?: CardPadding
} & Omit<ComponentPropsWithoutRef<E>, 'as'>

/**
 * A card, rendered as the element that fits its meaning (`as="section"`, `"form"`, `"li"`…),
 * so landmarks and lists stay what they were. className adds layout (spacing, grid).
 */
export function Card<E extends ElementType = 'div'>({ as, variant, padding, className, ...rest }: CardProps<E>) {
  const Tag: ElementType = as ?? 'div'
  return <Tag className={cardClass({ variant, padding, className })} {...rest} />
}
