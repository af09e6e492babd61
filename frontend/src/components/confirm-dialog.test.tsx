import { router } from '@inertiajs/react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { testI18n } from '../test/i18n'
import MealPrepHeader from './mealprep/header'

async function renderHeader() {
  vi.restoreAllMocks()
  const i18n = await testI18n('fr')
  const confirm = vi.spyOn(window, 'confirm')
  const del = vi.spyOn(router, 'delete').mockImplementation(() => {})
  render(
    <I18nextProvider i18n={i18n}>
      <MealPrepHeader id="m1" name="Semaine" current="food" title="Semaine" />
    </I18nextProvider>,
  )
  return { confirm, del }
}

describe('deleting a meal prep', () => {
  it('asks in an in-app dialog, not the browser’s confirm, and deletes on confirm', async () => {
    const { confirm, del } = await renderHeader()
    fireEvent.click(screen.getByTestId('mealprep-delete'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('Supprimer ce meal prep et ses recettes\u202f?')
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus()
    fireEvent.click(screen.getByTestId('confirm-ok'))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/mealprep', { data: { id: 'm1' } }))
    expect(confirm).not.toHaveBeenCalled()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('closes on Escape without deleting, keeps Tab inside and gives focus back', async () => {
    const { del } = await renderHeader()
    const opener = screen.getByTestId('mealprep-delete')
    opener.focus()
    fireEvent.click(opener)
    await screen.findByRole('alertdialog')
    const ok = screen.getByTestId('confirm-ok')
    ok.focus()
    fireEvent.keyDown(ok, { key: 'Tab' })
    expect(screen.getByTestId('confirm-cancel')).toHaveFocus()
    fireEvent.keyDown(screen.getByTestId('confirm-cancel'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(del).not.toHaveBeenCalled()
    expect(opener).toHaveFocus()
  })
})
