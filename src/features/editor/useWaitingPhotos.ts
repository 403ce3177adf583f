import { useEffect, useRef, useState } from 'react';
import type { EditorApi } from '@/features/editor/editorApi';
import type { MediaNode } from '@/lib/nodeModel';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { uploadKeyOfUrl } from '@/lib/uploadKeys';
import { safeUrl } from '@/lib/url';

/**
 * What an `<img>` shows for a photo URL: the address itself (checked), a copy in memory of a
 * visitor's photo that waits for review, or null while that copy is on its way.
 */
export type PhotoSource = (url: string) => string | null;

/** The photos of no submission: every URL is shown as it is. */
export const PUBLIC_PHOTOS: PhotoSource = safeUrl;

/** What became of one URL: a copy in memory, or its own address (published, or not ours). */
type Found = { src: string } | 'public';

/**
 * Every URL of `images`, thumbnails first (the list and the card need those soonest), 3D
 * captures' files last.
 */
export function photoUrlsOf(images: readonly NodeImageInput[]): string[] {
  return [
    ...images.map((image) => image.thumbUrl),
    ...images.map((image) => image.fullUrl),
    ...images.flatMap((image) => (image.capture ? [image.capture.url] : [])),
  ];
}

/**
 * The node the detail preview shows, its images read from `photoSrc`: the visitors' detail view
 * takes its URLs as they are. A full-size photo still on its way shows its thumbnail meanwhile.
 * The card-sized copy is not fetched: left out, a card shows the thumbnail's source instead. A
 * 3D capture's file is read from `photoSrc` too (a copy in memory while it waits for review).
 */
export function withPhotoSources(node: MediaNode, photoSrc: PhotoSource): MediaNode {
  if (photoSrc === PUBLIC_PHOTOS || node.images.length === 0) return node;
  return {
    ...node,
    images: node.images.map((image) => {
      const thumbUrl = photoSrc(image.thumbUrl) ?? image.thumbUrl;
      const fullUrl = photoSrc(image.fullUrl) ?? thumbUrl;
      if (!image.capture) return { thumbUrl, fullUrl };
      const url = photoSrc(image.capture.url) ?? image.capture.url;
      return { thumbUrl, fullUrl, capture: { ...image.capture, url } };
    }),
  };
}

/**
 * Shows visitors' photos (and 3D captures) that wait for review. Their URLs answer 404 until an
 * editor approves the submission, and an `<img>` cannot send the editor's token, so each is fetched
 * from the service with it and shown from memory (an object URL, released when the page closes). A
 * URL the service does not hold as waiting (published, an editor's own, or another site's) is shown
 * as it is.
 *
 * @param urls the photos to fetch (`photoUrlsOf`); none for an item that is not a submission.
 */
export function useWaitingPhotos(api: EditorApi, urls: readonly string[]): PhotoSource {
  const [found, setFound] = useState<ReadonlyMap<string, Found>>(() => new Map());
  const requested = useRef(new Set<string>());
  const made = useRef<string[]>([]);
  const live = useRef(true);
  const key = urls.join('\n');

  useEffect(() => {
    live.current = true;
    const objectUrls = made.current;
    return () => {
      live.current = false;
      for (const url of objectUrls.splice(0)) URL.revokeObjectURL(url);
    };
  }, []);

  useEffect(() => {
    const wanted = key === '' ? [] : key.split('\n');
    for (const url of wanted) {
      if (requested.current.has(url) || uploadKeyOfUrl(url) === null) continue;
      requested.current.add(url);
      const settle = (value: Found) =>
        live.current && setFound((current) => new Map(current).set(url, value));
      api.waitingPhoto(url).then(
        (blob) => {
          // Without object URLs (an old browser, a test page) the photo cannot be shown privately.
          if (blob === null || typeof URL.createObjectURL !== 'function') {
            settle('public');
            return;
          }
          const src = URL.createObjectURL(blob);
          if (!live.current) {
            URL.revokeObjectURL(src);
            return;
          }
          made.current.push(src);
          settle({ src });
        },
        // A failed fetch leaves the address: the image then says it cannot be shown.
        () => settle('public'),
      );
    }
  }, [api, key]);

  const wanted = new Set(urls);
  return (url) => {
    const result = found.get(url);
    if (result !== undefined) return result === 'public' ? safeUrl(url) : result.src;
    // Asked for and not back yet: nothing, rather than the address's 404.
    return wanted.has(url) && uploadKeyOfUrl(url) !== null ? null : safeUrl(url);
  };
}
