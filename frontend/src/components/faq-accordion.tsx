import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FaqEntry } from '../types'
import { Card } from './ui/card'

/**
 * WAI-ARIA accordion: each question is a <button> inside a heading, with aria-expanded and
 * aria-controls pointing at its answer region. Enter/Space toggle (native button); Up/Down,
 * Home/End move between questions.
 */
export default function FaqAccordion({ items }: { items: FaqEntry[] }) {
  const { t } = useTranslation()
  const baseId = useId()
  const [open, setOpen] = useState<Set<string>>(() => new Set())
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const toggle = (value: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(value)) next.delete(value)
      else next.add(value)
      return next
    })

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  return (
    <Card variant="item" padding="none" className="divide-y divide-stone-200" data-testid="faq-list">
      {items.map((item, index) => {
        const expanded = open.has(item.value)
        const buttonId = `${baseId}-${item.value}-button`
        const panelId = `${baseId}-${item.value}-panel`
        return (
          <div key={item.value} data-testid="faq-item">
            <h3>
              <button
                id={buttonId}
                ref={(el) => {
                  buttons.current[index] = el
                }}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.value)}
                onKeyDown={(e) => onKeyDown(e, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-stone-900 hover:bg-stone-50 sm:px-6"
              >
                <span>{t(item.question)}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  className={`size-5 shrink-0 text-brand-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                >
                  <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 leading-relaxed text-stone-600 sm:px-6"
            >
              {t(item.answer)}
            </div>
          </div>
        )
      })}
    </Card>
  )
}
