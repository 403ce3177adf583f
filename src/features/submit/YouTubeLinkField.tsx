import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/FormFields';
import { extractYouTubeId, isYouTubeId } from '@/lib/youtube';

/** Hosts a YouTube link comes from; any other host is worth a second look before sending. */
const YOUTUBE_HOST = /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/i;

/** What the link as typed gives: the video id, or why there is none. */
export function youTubeLinkStatus(
  link: string,
): { id: string; otherHost: boolean } | { why: string } | null {
  const id = extractYouTubeId(link);
  if (id === null) return null;
  if (!isYouTubeId(id))
    // The shared schema's words, so the live reading and a refusal on sending agree.
    return { why: t`This is not a YouTube video link (no 11-character video id in it).` };
  let otherHost = false;
  try {
    otherHost = !YOUTUBE_HOST.test(new URL(link.trim()).hostname);
  } catch {
    // Not a whole address (a bare id, or a link without https://): the id is what counts.
  }
  return { id, otherHost };
}

/**
 * The YouTube link of a submitted video, with the video id read from it shown as it is typed, so a
 * visitor sees at once whether the archive understood the link (SPEC §5 id extraction).
 */
export function YouTubeLinkField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  const { t: say } = useLingui();
  const status = youTubeLinkStatus(value);
  let reading: string | null = null;
  if (status !== null && 'why' in status) reading = status.why;
  else if (status !== null) {
    const videoId = status.id;
    reading = status.otherHost
      ? say({
          message: `Video id: ${videoId} (this address is not on YouTube: check the link)`,
          comment: "{videoId} is the YouTube video's id read from the link, such as dQw4w9WgXcQ",
        })
      : say({
          message: `Video id: ${videoId}`,
          comment: "{videoId} is the YouTube video's id read from the link, such as dQw4w9WgXcQ",
        });
  }
  return (
    <TextField
      label={say`YouTube link`}
      name="youtube_url"
      type="url"
      inputMode="url"
      required
      value={value}
      onChange={onChange}
      error={error}
      hint={say({
        message:
          "Copy it from the video's Share button, e.g. https://youtu.be/…; public or unlisted videos.",
        comment: "YouTube's Share button: use the name YouTube shows in the language",
      })}
      after={
        <p className="field__hint youtube-status" aria-live="polite">
          {reading}
        </p>
      }
    />
  );
}
