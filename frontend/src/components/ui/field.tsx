import { useEffect, useState, type ComponentPropsWithRef, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { useServerText } from '../../hooks/use-server-text'

/**
 * Sizes of a text control (input, select): `md` in forms, `lg` for the single field of a
 * sign-up step, `sm` in dense admin forms, `xs` for a quantity inside a line or a table row.
 */
const controlSizes = {
  md: 'rounded-xl px-4 py-2.5 text-base',
  sm: 'rounded-lg px-3 py-2',
  xs: 'rounded-lg px-2 py-1.5 text-sm',
  lg: 'rounded-xl px-4 py-3 text-base',
} as const

/** A text control's size. */
export type ControlSize = keyof typeof controlSizes

/**
 * The class string of a text control: white, bordered, red when invalid, the brand border on
 * focus and the site's focus ring for the keyboard. className adds width and spacing.
 */
export function controlClass({ size = 'md', invalid = false, className }: { size?: ControlSize; invalid?: boolean; className?: string } = {}): string {
  return cn(
    className,
    controlSizes[size],
    'border bg-white text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent-700',
    invalid ? 'border-red-500' : 'border-stone-300',
  )
}

/** Input's props: a native input's (its `size` attribute gives way to the control size). */
export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & { size?: ControlSize; invalid?: boolean }

/** A text input. `invalid` sets aria-invalid and the red border together. */
export function Input({ size, invalid, className, ...rest }: InputProps) {
  return <input aria-invalid={invalid ? true : undefined} className={controlClass({ size, invalid, className })} {...rest} />
}

/** A checkbox or radio button in the brand colour; `md` where it stands alone beside its label. */
export function Choice({ size = 'sm', className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { type: 'checkbox' | 'radio'; size?: 'sm' | 'md' }) {
  return <input className={cn(className, size === 'sm' ? 'size-4 rounded border-stone-300' : 'size-5', 'accent-brand-700')} {...rest} />
}

/** The label of a field. */
export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-semibold text-stone-900', className)} {...rest} />
}

/**
 * A field's error, announced (role="alert"). With an id, the field names it in
 * aria-describedby and tests find it as `<id>-error`. A translated server text follows the
 * language switch.
 */
export function FieldError({ id, message, className }: { id?: string; message?: string; className?: string }) {
  const shown = useServerText(message)
  if (!shown) return null
  return (
    <p id={id ? `${id}-error` : undefined} role="alert" data-testid={id ? `${id}-error` : undefined} className={cn('mt-1 text-sm font-medium text-red-700', className)}>
      {shown}
    </p>
  )
}

/** What Field hands its control so the label, hint and error reach assistive technologies. */
export type ControlA11y = { id: string; invalid: boolean; 'aria-describedby'?: string }

/** Field's props. */
export type FieldProps = {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  children: (control: ControlA11y) => ReactNode
}

/**
 * A labelled control with its hint and its error: the control receives its id, invalid state and
 * aria-describedby (`<Field …>{(c) => <Input {...c} />}</Field>`). The hint gives way to the error.
 */
export function Field({ id, label, error: sent, hint, className, children }: FieldProps) {
  const error = useServerText(sent)
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, invalid: !!error, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  )
}

/** TextField's props: the field's, then the input's. */
export type TextFieldProps = Omit<FieldProps, 'children' | 'label'> & { label: string } & Omit<InputProps, 'id' | 'className'> & { inputClassName?: string }

/**
 * A labelled text input with its hint and its server error. The error goes as soon as the input
 * changes and comes back with the server's next answer. The input's name defaults to its id.
 */
export function TextField({ id, label, error, hint, className, inputClassName, onChange, size, ...input }: TextFieldProps) {
  const [edited, setEdited] = useState(false)
  useEffect(() => setEdited(false), [error])
  return (
    <Field id={id} label={label} error={edited ? undefined : error} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          name={input.name ?? id}
          size={size}
          className={cn('mt-1.5 block w-full', inputClassName)}
          {...input}
          onChange={(e) => {
            setEdited(true)
            onChange?.(e)
          }}
        />
      )}
    </Field>
  )
}
