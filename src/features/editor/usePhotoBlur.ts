import { t } from '@lingui/core/macro';
import { useState, type RefObject } from 'react';
import type { EditorApi } from '@/features/editor/editorApi';
import type { ItemDraft } from '@/features/editor/itemDraft';
import { showStatus, type EditorMode, type ItemForm } from '@/features/editor/useItemForm';
import type { BlurRegion } from '@/lib/blurRegions';
import type { NodeImageInput } from '@/lib/nodeSchema';

/** A photo being blurred, with its name in the form ("Photo 2"). */
export interface Blurring {
  image: NodeImageInput;
  entry: string;
}

interface BlurOptions {
  mode: EditorMode;
  api: EditorApi;
  form: RefObject<HTMLFormElement | null>;
  initial: ItemDraft;
  item: ItemForm;
}

/**
 * A review's photos blurred (see `BlurDialog`): the photos the submission sent, and blurred copies
 * of them, may be blurred (`ownPhotos`); a blurred copy takes its photo's place in the form.
 */
export function usePhotoBlur({ mode, api, form, initial, item }: BlurOptions) {
  const [ownPhotos, setOwnPhotos] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        mode.kind === 'approve'
          ? initial.images.filter((image) => !image.capture).map((image) => image.fullUrl)
          : [],
      ),
  );
  const [blurring, setBlurring] = useState<Blurring | null>(null);

  /** Puts a blurred copy of `image` in its place in the form. */
  async function blur(image: NodeImageInput, entry: string, regions: BlurRegion[]) {
    if (mode.kind !== 'approve') return;
    const copy = await api.blurPhoto(mode.submissionId, image.fullUrl, regions);
    setOwnPhotos((current) => new Set(current).add(copy.fullUrl));
    item.setDraft((current) => ({
      ...current,
      images: current.images.map((each) => (each.fullUrl === image.fullUrl ? copy : each)),
    }));
    setBlurring(null);
    item.setNotice(
      t({
        message: `${entry} is now a blurred copy. The photo as sent stays private and is never published.`,
        comment: 'After a blur; {entry} names the photo ("Photo 2")',
      }),
    );
    showStatus(form);
  }

  return { ownPhotos, blurring, setBlurring, blur };
}
