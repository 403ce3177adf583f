import { afterEach } from 'vitest';

// Component tests render into jsdom; unmount after each so tests never see each other's DOM.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
