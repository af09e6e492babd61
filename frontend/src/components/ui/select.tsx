import type { ComponentPropsWithRef } from 'react'
import { cn } from '../../lib/cn'
import { controlClass, Field, type ControlSize, type FieldProps } from './field'

/** An option of a select. */
export type SelectOption = { value: string; label: string }

/** Select's props: a native select's, with the control size, invalid state and options. */
export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size'> & { size?: ControlSize; invalid?: boolean; options?: SelectOption[] }

/** A native select drawn like the text inputs; options as a list or as children. */
export function Select({ size, invalid, className, options, children, ...rest }: SelectProps) {
  return (
    <select aria-invalid={invalid ? true : undefined} className={controlClass({ size, invalid, className })} {...rest}>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  )
}

/** SelectField's props: the field's, then the select's. */
export type SelectFieldProps = Omit<FieldProps, 'children' | 'label'> & { label: string; options: SelectOption[] } & Omit<SelectProps, 'id' | 'className' | 'options'> & { selectClassName?: string }

/** A labelled select with its server error. Its name defaults to its id. */
export function SelectField({ id, label, error, hint, className, selectClassName, options, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => <Select {...control} name={select.name ?? id} options={options} className={cn('mt-1.5 block w-full', selectClassName)} {...select} />}
    </Field>
  )
}
