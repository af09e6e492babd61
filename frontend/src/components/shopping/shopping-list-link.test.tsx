import { router } from '@inertiajs/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../test/i18n'
import { ShoppingListLink } from './shopping-list-link'

describe('ShoppingListLink', () => {
  it('opens the shopping list for the days typed', async () => {
    const i18n = await testI18n('fr')
    const get = vi.spyOn(router, 'get').mockImplementation(() => {})
    render(
      <I18nextProvider i18n={i18n}>
        <ShoppingListLink mealPrepId="m1" hasRecipes />
      </I18nextProvider>,
    )
    fireEvent.change(screen.getByLabelText('Nombre de jours'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Liste de courses' }))
    expect(get).toHaveBeenCalledWith('/mealprep/m1/shopping-list', { days: '5' })
  })
})
