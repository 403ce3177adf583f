import { Suspense } from 'react';
import { useAppSelector } from '@/app/hooks';
import { selectIsEditor } from '@/features/auth/authSlice';
import { lazyWithWords } from '@/i18n/catalogs';

/** The editors' part loads only for an editor: visitors never fetch its code. */
const PreservationPackage = lazyWithWords(() =>
  import('@/features/editor/PreservationPackage').then((m) => ({
    default: m.PreservationPackage,
  })),
);

/** /resources' part for editors (issue 52): the preservation package's download. */
export default function ResourcesForEditors() {
  const isEditor = useAppSelector(selectIsEditor);
  return isEditor ? (
    <Suspense fallback={null}>
      <PreservationPackage />
    </Suspense>
  ) : null;
}
