import type { ComponentPropsWithRef } from 'react'
import { cn } from '../../lib/cn'

/**
 * The button looks (app.css: btn-primary, btn-secondary). `danger` is a primary button for an
 * action that cannot be undone; `danger-secondary` the quieter one (remove, retire). `toggle` is
 * a secondary button whose look follows its aria-pressed, so the eye and assistive technologies
 * read the same state. `inverse` is the quiet button of a dark surface (the promo card).
 */
const variants = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  danger: 'btn-primary bg-red-700 hover:bg-red-800',
  'danger-secondary': 'btn-secondary text-red-700',
  toggle: 'btn-secondary aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900',
  inverse: 'btn border border-white/40 text-white hover:bg-white/10',
} as const

/** Sizes: `lg` is the tall call to action of a form or a card. */
const sizes = {
  md: '',
  lg: 'py-3 text-base',
} as const

/** A button's look. */
export type ButtonVariant = keyof typeof variants
/** A button's size. */
export type ButtonSize = keyof typeof sizes

/** Options shared by Button and links drawn as buttons. */
export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string }

/**
 * The class string of a button, for a link drawn as one (`<Link className={buttonClass()}>`):
 * a link stays a link (it navigates), only its look is a button's.
 */
export function buttonClass({ variant = 'primary', size = 'md', block = false, className }: ButtonStyle = {}): string {
  return cn(variants[variant], sizes[size], block && 'w-full', className)
}

/** Button's props: a native button's, with its look. */
export type ButtonProps = ButtonStyle & ComponentPropsWithRef<'button'>

/**
 * A button. Its type is "button" unless said otherwise, so a button in a form submits only when
 * it is written `type="submit"`.
 */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...rest} />
}
