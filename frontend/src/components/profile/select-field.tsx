import type { SelectHTMLAttributes } from 'react'
import { useServerText } from '../../lib/server-texts'

type Props = {
  id: string
  label: string
  error?: string
  options: { value: string; label: string }[]
} & SelectHTMLAttributes<HTMLSelectElement>

/** A labelled select with its translated server error (announced). */
export function SelectField({ id, label, error: sent, options, className, ...select }: Props) {
  const error = useServerText(sent)
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {label}
      </label>
      <select
        id={id}
        name={select.name ?? id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-2.5 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent-700 ${
          error ? 'border-red-500' : 'border-stone-300'
        }`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" data-testid={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
