// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import GalleryTabs from '../../src/islands/GalleryTabs';
import StatesCounter from '../../src/islands/StatesCounter';

function emulateReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

class NoResize {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResize);
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatesCounter', () => {
  it('counts up one step each 200 ms', () => {
    emulateReducedMotion(false);
    vi.useFakeTimers();
    render(<StatesCounter target={15} suffix="+ States" />);
    expect(screen.getByTestId('counter-shown').textContent).toBe('0+ States');
    act(() => vi.advanceTimersByTime(200 * 7));
    expect(screen.getByTestId('counter-shown').textContent).toBe('7+ States');
  });

  it('under reduced motion shows the target and never moves', () => {
    emulateReducedMotion(true);
    vi.useFakeTimers();
    render(<StatesCounter target={15} suffix="+ States" />);
    act(() => vi.advanceTimersByTime(200 * 3));
    expect(screen.getByTestId('counter-shown').textContent).toBe('15+ States');
  });

  it('always gives screen readers the final value', () => {
    emulateReducedMotion(false);
    vi.useFakeTimers();
    const { container } = render(<StatesCounter target={15} suffix="+ States" />);
    expect(container.querySelector('.visually-hidden')?.textContent).toBe('15+ States');
  });
});

const categories = ['Safety', 'Health', 'Land'].map((title) => ({
  id: title.toLowerCase(),
  title,
  href: `/salaamstree/${title}/`,
}));
// Astro hands each category's cards in as a named slot; here, plain elements stand in for them.
const panels = Object.fromEntries(categories.map(({ title }, index) => [`panel${index}`, <p>{title} woman</p>]));
const strings = { label: 'Story categories', scrollBack: 'Back', scrollOn: 'On' };

describe('GalleryTabs', () => {
  it('selects the first tab and shows its cards', () => {
    render(<GalleryTabs categories={categories} strings={strings} {...panels} />);
    expect(screen.getByRole('tab', { name: 'Safety' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Safety woman');
  });

  it('keeps one tab in the Tab order (roving tabindex)', () => {
    render(<GalleryTabs categories={categories} strings={strings} {...panels} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('moves selection with arrow keys and shows that category', () => {
    render(<GalleryTabs categories={categories} strings={strings} {...panels} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Safety' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Land' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Land woman');
    expect(screen.getByRole('tabpanel').textContent).not.toContain('Safety woman');
  });
});
