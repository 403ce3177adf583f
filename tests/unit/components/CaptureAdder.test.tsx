// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptureAdder } from '@/components/CaptureAdder';
import type { CaptureFormat, NodeCapture } from '@/lib/capture';
import type { NodeImageInput } from '@/lib/nodeSchema';

type Draw = (file: File, format: CaptureFormat) => Promise<File>;
// The poster is drawn by the viewer's lazy chunk (Babylon, WebGL): each test says how it goes.
const drawing = vi.hoisted(() => ({ draw: vi.fn<Draw>() }));
vi.mock('@/capture/renderCapturePoster', () => ({
  renderCapturePoster: (...args: Parameters<Draw>) => drawing.draw(...args),
}));

const CAPTURE: NodeCapture = { url: '/uploads/2026/11/house.glb', format: 'glb' };
const POSTER: NodeImageInput = {
  thumbUrl: '/uploads/2026/11/poster-thumb.jpg',
  fullUrl: '/uploads/2026/11/poster.jpg',
};

function setUp() {
  const uploadCapture = vi.fn<(file: File) => Promise<NodeCapture>>(() => Promise.resolve(CAPTURE));
  const upload = vi.fn<(file: File) => Promise<NodeImageInput>>(() => Promise.resolve(POSTER));
  const onAdded = vi.fn<(image: NodeImageInput) => void>();
  const onBusy = vi.fn<(busy: boolean) => void>();
  render(
    <CaptureAdder
      uploadCapture={uploadCapture}
      upload={upload}
      onAdded={onAdded}
      full={false}
      onBusy={onBusy}
    />,
  );
  return { uploadCapture, upload, onAdded, onBusy, user: userEvent.setup() };
}

const model = new File([new Uint8Array([0x67, 0x6c, 0x54, 0x46])], 'house.glb');
const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'porch.jpg', {
  type: 'image/jpeg',
});

describe('CaptureAdder', () => {
  beforeEach(() => {
    drawing.draw = vi.fn<Draw>();
  });

  it('sends the capture, then the poster picture given, and adds the poster with its capture', async () => {
    const { uploadCapture, upload, onAdded, onBusy, user } = setUp();
    await user.upload(screen.getByLabelText('3D capture file'), model);
    await user.upload(screen.getByLabelText('Poster picture (optional)'), picture);
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith({ ...POSTER, capture: CAPTURE }));
    expect(uploadCapture).toHaveBeenCalledWith(model);
    expect(upload).toHaveBeenCalledWith(picture);
    expect(drawing.draw).not.toHaveBeenCalled();
    // The form waits while it works, and the inputs are cleared for the next one.
    expect(onBusy.mock.calls).toEqual([[true], [false]]);
    expect((screen.getByLabelText('3D capture file') as HTMLInputElement).value).toBe('');
  });

  it('draws the poster from the model when none is given', async () => {
    const drawn = new File([new Uint8Array([1])], 'house-poster.jpg', { type: 'image/jpeg' });
    drawing.draw.mockResolvedValue(drawn);
    const { upload, onAdded, user } = setUp();
    await user.upload(screen.getByLabelText('3D capture file'), model);
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith({ ...POSTER, capture: CAPTURE }));
    expect(drawing.draw).toHaveBeenCalledWith(model, 'glb');
    expect(upload).toHaveBeenCalledWith(drawn);
  });

  it('asks for a poster picture when none can be drawn here, keeping the capture it sent', async () => {
    drawing.draw.mockRejectedValue(new Error('WebGL is off'));
    const { uploadCapture, upload, onAdded, user } = setUp();
    await user.upload(screen.getByLabelText('3D capture file'), model);
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This browser could not draw a poster from the 3D capture. Choose a poster picture and add it again: the capture is kept.',
    );
    expect(onAdded).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText('Poster picture (optional)'), picture);
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith({ ...POSTER, capture: CAPTURE }));
    // The capture went once: the second try sent only the poster.
    expect(uploadCapture).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledWith(picture);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the service’s refusal of the capture and adds nothing', async () => {
    const { uploadCapture, upload, onAdded, user } = setUp();
    uploadCapture.mockRejectedValue(
      new Error(
        'This file is not a 3D capture the archive can show (its content is none of these formats): send a .glb model or a .ply, .splat or .spz splat.',
      ),
    );
    await user.upload(screen.getByLabelText('3D capture file'), model);
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This file is not a 3D capture the archive can show/,
    );
    expect(upload).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('says to choose a file first', async () => {
    const { uploadCapture, user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Add the 3D capture' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a 3D capture file first.');
    expect(uploadCapture).not.toHaveBeenCalled();
  });
});
