/**
 * `npm run i18n:extract`'s last step (issue 49): the tests' pseudo-locale, written from the
 * English catalog (`src/locales/pseudo.po`): every message accented and lengthened by a third
 * (`Search` → `~~Śēàŕćĥ~~`), so a browser test finds any word that does not pass through the layer
 * and any box too tight for longer languages.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { pseudoText } from './pseudoText';

const config = getConfig({ cwd: process.cwd() });
for (const catalog of await getCatalogs(config)) {
  const english = (await catalog.read('en')) ?? {};
  const pseudo = (await catalog.read('pseudo')) ?? {};
  for (const [id, entry] of Object.entries(pseudo)) {
    const source = english[id]?.translation || english[id]?.message || entry.message;
    if (source) entry.translation = pseudoText(source);
  }
  await catalog.write('pseudo', pseudo);
}
console.log('The pseudo-locale catalog is written (src/locales/pseudo.po).');
