// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemovalAsk } from '@/features/submit/RemovalAsk';

/** The removal schema (the form's checks, and the schema library behind them) records its load. */
const evaluated = vi.hoisted(() => vi.fn());
vi.mock('@/lib/removalSchema', async (importOriginal) => {
  evaluated();
  return await importOriginal();
});

describe('Ask for removal or correction on an item (issue 48)', () => {
  it('comes with its button only; the form loads when it is pointed at, and opens when pressed', async () => {
    render(<RemovalAsk itemId="porch-video" />);
    const button = screen.getByRole('button', { name: 'Ask for removal or correction' });
    expect(evaluated).not.toHaveBeenCalled();
    await userEvent.hover(button);
    await vi.waitFor(() => expect(evaluated).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('form')).toBeNull();
    await userEvent.click(button);
    const form = await screen.findByRole('form', { name: 'Ask for removal or correction' });
    // The form takes the button's place, its heading focused.
    await vi.waitFor(() => expect(document.activeElement?.tagName).toBe('H3'));
    expect(form.contains(document.activeElement)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Ask for removal or correction' })).toBeNull();
  });
});
