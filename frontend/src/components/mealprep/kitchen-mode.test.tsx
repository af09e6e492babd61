import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../test/i18n'
import KitchenMode from './kitchen-mode'

const steps = ['Pesez les ingrédients.', 'Plongez les œufs dans l’eau bouillante 9\u00a0minutes.', 'Servez.']

async function open(lng: 'fr' | 'en' = 'fr', wakeLock?: unknown) {
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true })
  const i18n = await testI18n(lng)
  const onClose = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <KitchenMode title="Œufs durs" steps={steps} ingredients={[{ key: 1, name: 'Œuf', quantity: '2' }]} onClose={onClose} />
    </I18nextProvider>,
  )
  return { onClose }
}

describe('kitchen mode', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('steps through the recipe with the keyboard, announcing each step', async () => {
    const { onClose } = await open()
    const dialog = screen.getByRole('dialog', { name: 'Œufs durs' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByTestId('kitchen-position')).toHaveTextContent('Ingrédients')
    expect(screen.getByTestId('kitchen-ingredients')).toHaveTextContent('Œuf')

    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(screen.getByTestId('kitchen-position')).toHaveTextContent('Étape 1 sur 3')
    expect(screen.getByTestId('kitchen-live').textContent).toBe('Étape 1 sur 3\u202f: Pesez les ingrédients.')
    expect(screen.getByTestId('kitchen-live')).toHaveAttribute('aria-live', 'polite')

    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(screen.getByTestId('kitchen-step').textContent).toContain('9\u00a0minutes')
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' })
    expect(screen.getByTestId('kitchen-position')).toHaveTextContent('Étape 1 sur 3')
    fireEvent.keyDown(dialog, { key: 'End' })
    expect(screen.getByTestId('kitchen-position')).toHaveTextContent('Étape 3 sur 3')
    expect(screen.getByTestId('kitchen-next')).toHaveTextContent('Terminer')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(onClose).toHaveBeenCalled()
  })

  it('offers a timer on a step that states a duration, and announces its end', async () => {
    vi.useFakeTimers()
    await open('en')
    const dialog = screen.getByRole('dialog')
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(screen.queryByTestId('kitchen-timer')).toBeNull() // "Weigh…" states no duration
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    fireEvent.click(screen.getByTestId('kitchen-start-timer'))
    expect(screen.getByRole('timer')).toHaveTextContent('9:00')
    for (let i = 0; i < 541; i++) {
      act(() => {
        vi.advanceTimersByTime(1000)
      })
    }
    expect(screen.getByTestId('kitchen-alarm')).toHaveTextContent('Timer done (step 2).')
  })

  it('keeps the screen awake where the browser can, and says so where it cannot', async () => {
    const release = vi.fn(async () => {})
    const request = vi.fn(async () => ({ release }))
    await open('fr', { request })
    expect(request).toHaveBeenCalledWith('screen')
    expect(await screen.findByText('L’écran reste allumé pendant la cuisine.')).toBeInTheDocument()
  })

  it('says when the screen cannot be kept on', async () => {
    await open('en', undefined)
    expect(screen.getByTestId('kitchen-awake')).toHaveTextContent('This browser cannot keep the screen on.')
  })
})
