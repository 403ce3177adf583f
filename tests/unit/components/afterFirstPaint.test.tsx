// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from '@/components/useAfterFirstPaint';

/*
 * Issue 48: a part of a view that can come a frame later (the home screen's timeline) leaves the
 * commit that first draws the rest, and comes in the task after that frame.
 */
describe('AfterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws its children only in the task after the first frame', () => {
    render(
      <>
        <p>now</p>
        <AfterFirstPaint>
          <p>later</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('now')).toBeDefined();
    expect(screen.queryByText('later')).toBeNull();
    // The frame: still not drawn (it would be in the frame's own task).
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByText('later')).toBeNull();
    // The task after it.
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText('later')).toBeDefined();
  });

  it('draws nothing once unmounted before its frame', () => {
    const { unmount } = render(
      <AfterFirstPaint>
        <p>later</p>
      </AfterFirstPaint>,
    );
    unmount();
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(0);
    });
    expect(screen.queryByText('later')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
