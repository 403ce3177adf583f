import { t } from '@lingui/core/macro';

/**
 * A person-readable name for a device from the user agent its browser registered it with
 * ("Firefox on Windows"): the archive shows remembered devices by it. An allow-list of the
 * browsers and systems people use; anything else is named as unrecognised, never echoed raw.
 * The browsers' and systems' own names stay as they are; the words around them are in the active
 * language, so call it where the name is shown.
 */
/* eslint-disable lingui/no-unlocalized-strings -- the browsers' and systems' own names */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
/* eslint-enable lingui/no-unlocalized-strings */

export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system)
    return t({
      message: `${browser} on ${system}`,
      comment: 'A remembered device: a browser and the system it runs on ("Firefox on Windows")',
    });
  if (browser) return browser;
  return system
    ? t({
        message: `A browser on ${system}`,
        comment: 'A remembered device whose browser is not known ("A browser on Windows")',
      })
    : t({
        message: 'An unrecognised browser',
        comment: 'A remembered device whose browser and system are not known',
      });
}
