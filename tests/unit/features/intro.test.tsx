// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Intro } from '@/features/intro/Intro';
import { hasSeenIntro, rememberIntroSeen } from '@/features/intro/introStorage';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { INTRO_TEXT, typingSchedule } from '@/lib/typingSchedule';

const stage = () => document.querySelector('.intro')?.getAttribute('data-stage');
const chars = () => Number(document.querySelector('.intro')?.getAttribute('data-chars'));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Intro', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
      ],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('runs splash → typing → Continue on the spec timings', () => {
    const onContinue = vi.fn();
    render(<Intro onContinue={onContinue} />);
    expect(stage()).toBe('splash');
    advance(SPLASH_MS - 1);
    expect(stage()).toBe('splash');
    advance(1);
    expect(stage()).toBe('typing');
    const schedule = typingSchedule(INTRO_TEXT);
    advance(schedule[9] as number);
    expect(chars()).toBeGreaterThanOrEqual(9);
    expect(chars()).toBeLessThanOrEqual(11);
    advance((schedule.at(-1) as number) + 50);
    expect(stage()).toBe('typed');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    advance(CONTINUE_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('lets a visitor skip at any time', () => {
    const onContinue = vi.fn();
    render(<Intro onContinue={onContinue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('shows the whole text at once with reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('reduce'),
    })) as typeof window.matchMedia;
    try {
      render(<Intro onContinue={() => undefined} />);
      advance(SPLASH_MS);
      expect(stage()).toBe('typed');
      expect(chars()).toBe(INTRO_TEXT.length);
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('the hasSeenIntro flag', () => {
  it("is 'true' once continued", () => {
    expect(hasSeenIntro()).toBe(false);
    rememberIntroSeen();
    expect(window.localStorage.getItem('hasSeenIntro')).toBe('true');
    expect(hasSeenIntro()).toBe(true);
  });
});
