import type { TermsTranslation } from '@/lib/terms';

/**
 * The terms for contributors in Bosnian (Latin script, ijekavian, addressing the contributor
 * formally): every version's words, by their English (see `TermsTranslation` in terms.ts). The
 * English is what a submission records; this translation of it is shown on `/terms` to visitors
 * who read the archive in Bosnian.
 */
export const TERMS_BS: TermsTranslation = {
  'What you send': 'Šta šaljete',
  'You send a video link or photos of the tornado of 16 May 2025 and the days after. You made them, or the person who did has let you send them.':
    'Šaljete link na video ili fotografije tornada od 16. maja 2025. godine i dana koji su uslijedili. Vi ste ih napravili ili Vam je osoba koja ih je napravila dozvolila da ih pošaljete.',
  'Editors review everything before it appears. They may shorten or correct the title, the description, the place and the date, and they may decline to publish something.':
    'Urednici pregledaju sve prije objave. Mogu skratiti ili ispraviti naslov, opis, mjesto i datum, a mogu i odlučiti da nešto ne objave.',
  Credit: 'Navođenje autora',
  'Your item is credited with the name you give (“© Dana Whitfield”), or as “Anonymous” if you ask not to be named. Your e-mail address is never published.':
    'Uz Vašu stavku navodi se ime koje ste dali („© Dana Whitfield“) ili kao „Anonimno“ („Anonymous“ u engleskoj verziji) ako tražite da Vaše ime ne bude navedeno. Vaša adresa e-pošte nikada se ne objavljuje.',
  Licence: 'Licenca',
  'You keep the copyright. You choose how others may reuse what you send, and the item says it beside your credit:':
    'Autorska prava ostaju Vama. Vi birate kako drugi smiju ponovo koristiti ono što pošaljete, a to je navedeno uz stavku, pored Vašeg imena:',
  'Creative Commons BY 4.0: anyone may share and adapt it, for any purpose, crediting you.':
    'Creative Commons BY 4.0: svako smije dijeliti i prerađivati materijal, u bilo koju svrhu, uz navođenje Vas kao autora.',
  'Creative Commons BY-NC 4.0: anyone may share and adapt it, crediting you, but not to make money.':
    'Creative Commons BY-NC 4.0: svako smije dijeliti i prerađivati materijal, uz navođenje Vas kao autora, ali ne radi zarade.',
  'Shown in this archive only': 'Prikaz samo u ovom arhivu',
  'This archive may show it to its visitors, keep copies of it to preserve it, and show it when it presents the archive. Nobody else may reuse it without asking you; ask the editors to reach you.':
    'Ovaj arhiv smije prikazivati Vaš materijal svojim posjetiocima, čuvati njegove kopije radi očuvanja i prikazivati ga kada predstavlja arhiv. Niko drugi ga ne smije ponovo koristiti bez Vašeg odobrenja; ko to želi, može zamoliti urednike da Vas kontaktiraju.',
  'People shown': 'Prikazane osobe',
  'You confirm that nobody can be recognised in what you send, or that the people who can be recognised have agreed to it being published.':
    'Potvrđujete da na onome što šaljete niko ne može biti prepoznat ili da su osobe koje se mogu prepoznati pristale na objavu.',
  'Your age': 'Vaša dob',
  'You are 16 or older, or a parent or guardian has agreed to you sending it.':
    'Imate 16 ili više godina ili je roditelj ili staratelj pristao da to pošaljete.',
  Privacy: 'Privatnost',
  'Photos lose their hidden details (the place they were taken, the camera, the time) when you upload them, and so does every copy the archive makes of them. What you send stays private until an editor publishes it.':
    'Fotografije pri postavljanju gube skrivene podatke (mjesto gdje su snimljene, fotoaparat, vrijeme), kao i svaka kopija koju arhiv napravi od njih. Ono što pošaljete ostaje privatno dok ga urednik ne objavi.',
  'Changing your mind': 'Ako se predomislite',
  'You, or anyone shown, may ask for an item to be removed or corrected with “Ask for removal or correction” on its page, or by writing to the editors from the Contact page. Editors can hide it at once while they look into it.':
    'Vi, kao i svaka prikazana osoba, možete zatražiti uklanjanje ili ispravku stavke putem dugmeta „Zatraži uklanjanje ili ispravku“ na njenoj stranici ili tako što ćete pisati urednicima sa stranice Kontakt. Urednici mogu odmah sakriti stavku dok razmatraju zahtjev.',
  'Editors may blur parts of a photo before publishing it: a face, a licence plate, a house number. Then only the blurred copy is published; the photo as you sent it is never published, and it is deleted with the rest of what you sent once the editors have decided.':
    'Urednici mogu prije objave zamutiti dijelove fotografije: lice, registarske tablice, kućni broj. Tada se objavljuje samo zamućena kopija; fotografija onakva kakvu ste je poslali nikada se ne objavljuje i briše se, zajedno s ostatkom onoga što ste poslali, čim urednici donesu odluku.',
};
