// @vitest-environment jsdom
// The snackbar (specification §5, docs/design.md "Interface contract"): a React island reading the
// store with useStore, woken by the store's first message (src/browser/hydrate-on-message.ts).
import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import hydrateOnMessage from '../../src/browser/hydrate-on-message';
import Snackbar from '../../src/islands/Snackbar';
import { SNACKBAR_MS, showSnackbar, snackbar } from '../../src/stores/snackbar';

const SENT = 'Form Submitted Successfully!';
const region = (container: Element) => container.querySelector<HTMLElement>('[role="status"]')!;

afterEach(() => {
  cleanup();
  // The store forgets its last listener a second after the island goes: let that happen here.
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  act(() => snackbar.set(''));
  vi.useRealTimers();
});

describe('Snackbar', () => {
  beforeEach(() => vi.useFakeTimers());

  it('is an empty, hidden live region until a message comes', () => {
    const { container } = render(<Snackbar />);
    expect(region(container).textContent).toBe('');
    expect(region(container).dataset.visible).toBe('false');
  });

  it('shows a message from the store for 3 s; a newer one replaces it', () => {
    const { container } = render(<Snackbar />);
    act(() => showSnackbar(SENT));
    expect(region(container).textContent).toBe(SENT);
    expect(region(container).dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 100));
    act(() => showSnackbar('Sent later'));
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 100));
    expect(region(container).textContent).toBe('Sent later');
    act(() => vi.advanceTimersByTime(200));
    expect(region(container).textContent).toBe('');
    expect(region(container).dataset.visible).toBe('false');
  });

  it('gives a message written before it woke its full 3 s once it shows', () => {
    act(() => showSnackbar(SENT));
    vi.advanceTimersByTime(SNACKBAR_MS * 2); // React still arriving on 2G
    const { container } = render(<Snackbar />);
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 100));
    expect(region(container).textContent).toBe(SENT);
    act(() => vi.advanceTimersByTime(200));
    expect(region(container).textContent).toBe('');
  });

  it('woken by a message, keeps the server\'s live region and writes the message into it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Snackbar />);
    document.body.append(container);
    const serverRegion = region(container);
    act(() => showSnackbar(SENT));
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Snackbar />, { onRecoverableError: recoverable });
    });
    // A mismatch would make React draw a new region, which a screen reader would not announce.
    expect(recoverable).not.toHaveBeenCalled();
    expect(region(container)).toBe(serverRegion);
    expect(serverRegion.textContent).toBe(SENT);
    container.remove();
  });
});

describe('client:message', () => {
  function setUp() {
    const island = document.createElement('astro-island');
    const other = document.createElement('astro-island');
    document.body.append(island, other);
    const hydrate = vi.fn();
    const load = vi.fn(async () => hydrate);
    hydrateOnMessage(load, { name: 'Snackbar', value: '' }, island);
    return { island, other, load, hydrate };
  }

  it('does not load the island before a message or another island wakes', () => {
    const { island, load } = setUp();
    island.dispatchEvent(new CustomEvent('astro:hydrate'));
    expect(load).not.toHaveBeenCalled();
  });

  it('wakes the island on the store\'s first message', async () => {
    const { load, hydrate } = setUp();
    showSnackbar(SENT);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    showSnackbar(SENT);
    expect(load).toHaveBeenCalledOnce();
  });

  it('wakes the island with another island, which brings React anyway', async () => {
    const { other, hydrate } = setUp();
    other.dispatchEvent(new CustomEvent('astro:hydrate'));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
  });
});
