import { useCallback, useEffect, useRef, useState } from 'react';
import type { NodeImageInput } from '@/lib/nodeSchema';

/** What the photo list of /submit shows for each uploaded photo. */
export interface LocalPreviews {
  /** Keeps `file` as the preview of the photo the service answered with. */
  remember(image: NodeImageInput, file: File): void;
  /** The preview of an uploaded photo, or null (chosen in an earlier visit: a placeholder). */
  previewOf(image: NodeImageInput): string | null;
}

/**
 * Previews of a visitor's photos from the files they chose. A visitor's upload stays private
 * until an editor publishes it, so its URL answers 404 meanwhile: the visitor sees the file on
 * their own device instead (an object URL, released when the page closes).
 */
export function useLocalPreviews(): LocalPreviews {
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(() => new Map());
  const made = useRef<string[]>([]);

  useEffect(() => {
    const objectUrls = made.current;
    return () => {
      for (const url of objectUrls.splice(0)) URL.revokeObjectURL(url);
    };
  }, []);

  const remember = useCallback((image: NodeImageInput, file: File) => {
    // Without object URLs (an old browser, a test page) the list shows placeholders.
    if (typeof URL.createObjectURL !== 'function') return;
    const src = URL.createObjectURL(file);
    made.current.push(src);
    setPreviews((current) => new Map(current).set(image.thumbUrl, src));
  }, []);

  return { remember, previewOf: (image) => previews.get(image.thumbUrl) ?? null };
}
