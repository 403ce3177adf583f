import { useState } from 'react';
import { uploadSubmissionCapture, uploadSubmissionPhoto } from '@/features/submit/communityService';
import { useLocalPreviews } from '@/features/submit/useLocalPreviews';

/**
 * A visitor's photos and 3D captures sent as they are chosen, counted while on their way (a
 * submission sent now would go without them). The photos stay private until an editor publishes
 * them, so the list shows the chosen files instead (`previewOf`).
 */
export function useSubmissionUploads(baseUrl: string) {
  const [uploading, setUploading] = useState(0);
  const previews = useLocalPreviews();

  const upload = (file: File) => {
    setUploading((n) => n + 1);
    return uploadSubmissionPhoto(baseUrl, file)
      .then((image) => {
        previews.remember(image, file);
        return image;
      })
      .finally(() => setUploading((n) => n - 1));
  };

  return {
    uploading,
    upload,
    uploadCapture: (file: File) => uploadSubmissionCapture(baseUrl, file),
    /** A capture says when it starts and ends (its poster is drawn, then sent). */
    onCaptureBusy: (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1)),
    previewOf: previews.previewOf,
  };
}
