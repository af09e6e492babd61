import { router } from '@inertiajs/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegenerateRest } from './recipe-actions'

// Rendered outside an Inertia page: the message's translation (useServerText) reads these props.
vi.mock('../../hooks/use-page-props', () => ({ usePageProps: () => ({ errors: {}, serverTexts: {} }) }))

afterEach(() => vi.restoreAllMocks())

describe('a refused "regenerate the rest"', () => {
  it('keeps its message while the page polls, until the next click', () => {
    const message = 'Un autre onglet ou appareil régénère déjà ces recettes.'
    // The server refuses the first request (another tab asked for the same recipes).
    const post = vi.spyOn(router, 'post').mockImplementationOnce((_url, _data, options) => {
      act(() => options?.onError?.({ regenerate: message }))
    })
    const view = render(<RegenerateRest mealPrepId="m1" recipeIds={['b']} />)
    fireEvent.click(screen.getByTestId('regenerate-rest'))
    expect(screen.getByText(message)).toBeVisible()
    // A poll's partial reload renders the page again; the server sends `errors` empty by then.
    view.rerender(<RegenerateRest mealPrepId="m1" recipeIds={['b']} />)
    expect(screen.getByText(message)).toBeVisible()
    post.mockClear().mockImplementation(() => {})
    fireEvent.click(screen.getByTestId('regenerate-rest'))
    expect(post).toHaveBeenCalledTimes(1)
    expect(screen.queryByText(message)).toBeNull()
  })
})
