import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** A MediaQueryList as jsdom lacks it: `matches` says whether the query holds. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Until the spy is restored, the media queries that `holds` accepts match (a phone-sized screen: `max-width`). */
export const mockMediaQueries = (holds: (query: string) => boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, holds(query)));

/**
 * On a phone-sized screen (every media query matching) `show` renders a page whose list `name` is a
 * card per row, one showing `text` and the button `button`, and no table.
 */
export async function expectCardsOnPhone(name: string, text: string, button: string, show: () => void): Promise<void> {
  const phone = mockMediaQueries(() => true);
  try {
    show();
    const cards = await screen.findByRole('list', { name });
    expect(within(cards).getByText(text)).toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: button })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  } finally {
    phone.mockRestore();
  }
}
