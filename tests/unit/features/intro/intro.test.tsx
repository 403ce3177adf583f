// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Intro } from '@/features/intro/Intro';
import { hasSeenIntro, rememberIntroSeen } from '@/features/intro/introStorage';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { introText, typingSchedule } from '@/lib/typingSchedule';

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
    const schedule = typingSchedule(introText());
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

  it('lays the whole text out from the start, the letters to come unseen, so nothing moves', () => {
    render(<Intro onContinue={() => undefined} />);
    advance(SPLASH_MS);
    const schedule = typingSchedule(introText());
    let elapsed = 0;
    for (const at of [schedule[1], schedule[20], schedule[200]] as number[]) {
      advance(at + 20 - elapsed);
      elapsed = at + 20;
      expect(chars()).toBeGreaterThan(0);
      // The paragraph always holds every letter; those not typed yet are in the unseen part.
      expect(document.querySelector('.intro__text')?.textContent).toBe(introText());
      expect(document.querySelector('.intro__untyped')?.textContent).toBe(
        introText().slice(chars()),
      );
    }
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
      expect(chars()).toBe(introText().length);
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
