// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsContext } from '@/app/hooks';
import { EnvPage } from '@/features/pages/EnvPage';
import { noAnalytics } from '@/lib/analytics';
import { readConfig } from '@/lib/config';

type TestWindow = Window & { __globe?: unknown };

afterEach(() => {
  delete (window as TestWindow).__globe;
  vi.useRealTimers();
});

function row(table: string, name: string): string {
  const dl = screen.getByLabelText(table);
  const term = within(dl).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('/env', () => {
  const config = readConfig({
    VITE_APP_VERSION: '1.4.0',
    VITE_COGNITO_REGION: 'us-east-2',
    VITE_COGNITO_USER_POOL_ID: 'us-east-2_Abc',
    VITE_COGNITO_CLIENT_ID: 'client123',
    VITE_GA_MEASUREMENT_ID: 'G-TEST123',
    VITE_CONTACT_EMAIL: 'editors@example.org',
  });

  it('shows the build, its services, and what is on, with no secret in it', () => {
    render(
      <MemoryRouter>
        <AnalyticsContext value={noAnalytics}>
          <EnvPage config={config} />
        </AnalyticsContext>
      </MemoryRouter>,
    );
    expect(row('Build', 'Build version')).toBe('1.4.0');
    expect(row('Services', 'Nodes-service')).toBe(`${window.location.origin}/api/nodes`);
    expect(row('Services', 'Accounts')).toBe(
      'on: us-east-2, pool us-east-2_Abc, sign-in flow USER_SRP_AUTH',
    );
    expect(row('Services', 'Analytics')).toBe(
      'on, G-TEST123; not for this browser, which asks not to be tracked',
    );
    expect(row('Services', 'Contact email')).toBe('editors@example.org');
    // jsdom has no WebGL: the page says what that means.
    expect(row('This browser', 'WebGL 2')).toBe('not supported: the globe cannot start');
    expect(screen.getByRole('link', { name: 'Open the globe' }).getAttribute('href')).toBe('/');
  });

  it("reads the running globe's figures, and keeps them live", () => {
    vi.useFakeTimers();
    let revealed = 10;
    (window as TestWindow).__globe = {
      project: () => null,
      card: () => null,
      renderFrames: async () => {},
      renderer: () => ({ thread: 'worker', software: false, ratio: 1 }),
      recentFrames: () => [],
      ready: true,
      stats: () => ({
        cards: 40,
        revealed,
        drawCalls: 5,
        overlayDrawCalls: 0,
        frameTimeMs: 0.55,
        fps: 12,
        textureBytes: 64 * 2 ** 20,
        faces: {
          none: 0,
          local: 40 - revealed,
          fallback: 0,
          real: revealed,
          loading: 3,
          queued: 27,
        },
      }),
      links: () => ({ related: 47, category: 0 }),
      camera: () => ({
        radius: 12.5,
        alpha: 0,
        beta: 1,
        fovDegrees: 45,
        flying: false,
        flights: [],
      }),
      clusters: () => ({
        count: 3,
        clustered: 9,
        shown: 34,
        spacing: 1,
        badges: 3,
        fanned: null,
        list: [],
      }),
      clusterOf: () => null,
      callout: () => null,
    };
    render(
      <MemoryRouter>
        <EnvPage config={readConfig({})} />
      </MemoryRouter>,
    );
    expect(row('The globe, live', 'Cards')).toBe('10 shown of 40');
    expect(row('The globe, live', 'Drawn')).toBe(
      'in a worker (off the main thread), by the GPU, 1.00 device pixels per CSS pixel',
    );
    expect(row('The globe, live', 'Draw calls')).toBe('5');
    expect(row('The globe, live', 'Clusters')).toBe(
      '3 holding 9 cards; 34 cards drawn (spacing 1.00 card sizes)',
    );
    expect(row('The globe, live', 'Card texture memory')).toBe('64 MB');
    expect(row('The globe, live', 'Card faces')).toBe(
      '10 with pictures, 0 with a fallback, 30 drawn locally, 0 not drawn yet; ' +
        '3 images loading, 27 waiting',
    );
    revealed = 40;
    act(() => vi.advanceTimersByTime(1000));
    expect(row('The globe, live', 'Cards')).toBe('40 shown of 40');
    expect(row('The globe, live', 'Card faces')).toMatch(
      /^40 with pictures, 0 with a fallback, 0 drawn/,
    );
    expect(row('Services', 'Analytics')).toBe('off (no measurement id)');
  });
});
