// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PositionPicker } from '@/components/PositionPicker';
import type { LatLng } from '@/globe/geo';
import type { PositionPicker as PickerEngine, PositionPickerOptions } from '@/globe/types';

type Create = (canvas: HTMLCanvasElement, options: PositionPickerOptions) => Promise<unknown>;
// Each test installs its own mock engine factory behind this one indirection.
const engine = vi.hoisted(() => ({ create: vi.fn<Create>() }));
vi.mock('@/globe/createPositionPicker', () => ({
  createPositionPicker: (...args: Parameters<Create>) => engine.create(...args),
}));

/** A stand-in engine: records what the bridge asks and lets the test "click" the globe. */
function fakePicker() {
  let picked: ((position: LatLng) => void) | null = null;
  const picker = {
    setPosition: vi.fn(),
    setTurnable: vi.fn(),
    screenPointOf: vi.fn(() => null),
    dispose: vi.fn(),
    on: vi.fn((_type: 'positionPicked', listener: (position: LatLng) => void) => {
      picked = listener;
      return () => {
        picked = null;
      };
    }),
  } satisfies PickerEngine;
  return { picker, click: (position: LatLng) => act(() => picked?.(position)) };
}

describe('PositionPicker', () => {
  beforeEach(() => {
    engine.create = vi.fn<Create>();
  });

  it('loads the engine, names the canvas, and shows the hint', async () => {
    const { picker } = fakePicker();
    engine.create.mockResolvedValue(picker);
    render(<PositionPicker value={{ lat: 1, lng: 2 }} onChange={() => {}} label="Place it" />);
    expect(screen.getByRole('status').textContent).toMatch(/loading the globe/i);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const canvas = screen.getByRole('img', { name: 'Place it' });
    expect(canvas.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Click the globe to place the item; drag to turn it, scroll to zoom.'),
    ).toBeTruthy();
    expect(engine.create).toHaveBeenCalledTimes(1);
    expect(engine.create.mock.calls[0]?.[0]).toBe(canvas);
    expect(engine.create.mock.calls[0]?.[1].position).toEqual({ lat: 1, lng: 2 });
  });

  it('reports clicks, and flies only when the value changes from outside', async () => {
    const { picker, click } = fakePicker();
    engine.create.mockResolvedValue(picker);
    const onChange = vi.fn();
    const { rerender } = render(<PositionPicker value={null} onChange={onChange} />);
    await waitFor(() => expect(picker.on).toHaveBeenCalled());

    click({ lat: 38.62708, lng: -90.19941 });
    expect(onChange).toHaveBeenCalledWith({ lat: 38.62708, lng: -90.19941 });
    // The form echoes the click back as a new object: the marker is already there.
    rerender(<PositionPicker value={{ lat: 38.62708, lng: -90.19941 }} onChange={onChange} />);
    expect(picker.setPosition).not.toHaveBeenCalled();

    rerender(<PositionPicker value={{ lat: 41.88, lng: -87.63 }} onChange={onChange} />);
    expect(picker.setPosition).toHaveBeenLastCalledWith({ lat: 41.88, lng: -87.63 }, { fly: true });
    rerender(<PositionPicker value={null} onChange={onChange} />);
    expect(picker.setPosition).toHaveBeenLastCalledWith(null, { fly: true });
    expect(picker.setPosition).toHaveBeenCalledTimes(2);
  });

  it('disposes the engine on unmount', async () => {
    const { picker } = fakePicker();
    engine.create.mockResolvedValue(picker);
    const { unmount } = render(<PositionPicker value={null} onChange={() => {}} />);
    await waitFor(() => expect(picker.on).toHaveBeenCalled());
    unmount();
    expect(picker.dispose).toHaveBeenCalledTimes(1);
  });

  it('falls back to a plain message without WebGL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Babylon's Engine throws without WebGL, so createPositionPicker rejects.
    engine.create.mockImplementation(() => Promise.reject(new Error('WebGL not supported')));
    render(<PositionPicker value={null} onChange={() => {}} />);
    expect(
      await screen.findByText(
        'The globe preview needs WebGL; type the latitude and longitude instead.',
      ),
    ).toBeTruthy();
    expect(document.querySelector('canvas')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
