/**
 * The service speaks English (issue 49): the validation the app shares with it (src/lib/*Schema.ts,
 * itemChecks.ts) says its messages through the translation layer, which the browser activates in
 * the visitor's language and each server entry, importing this first, in English, from the same
 * catalog. Its answers' messages are English, as before; the app shows its own check's words, in
 * the visitor's language, where it can.
 */
import { i18n } from '@lingui/core';
import { messages } from '@/locales/en.po';
import { messages as startMessages } from '@/locales/start/en.po';

i18n.load('en', { ...messages, ...startMessages });
i18n.activate('en', ['en-GB']);
