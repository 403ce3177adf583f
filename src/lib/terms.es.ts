import type { TermsTranslation } from '@/lib/terms';

/**
 * The terms for contributors in Spanish (the Spanish of the United States and Mexico, addressing
 * the contributor as usted): every version's words, by their English (see `TermsTranslation` in
 * terms.ts). The English is what a submission records; this translation of it is shown on `/terms`
 * to visitors who read the archive in Spanish.
 */
export const TERMS_ES: TermsTranslation = {
  'What you send': 'Lo que envía',
  'You send a video link or photos of the tornado of 16 May 2025 and the days after. You made them, or the person who did has let you send them.':
    'Usted envía un enlace a un video o fotos del tornado del 16 de mayo de 2025 y de los días siguientes. Usted los hizo, o la persona que los hizo le dio permiso para enviarlos.',
  'Editors review everything before it appears. They may shorten or correct the title, the description, the place and the date, and they may decline to publish something.':
    'El equipo editorial revisa todo antes de publicarlo. Puede acortar o corregir el título, la descripción, el lugar y la fecha, y puede decidir no publicar algo.',
  Credit: 'Crédito',
  'Your item is credited with the name you give (“© Dana Whitfield”), or as “Anonymous” if you ask not to be named. Your e-mail address is never published.':
    'Su elemento aparece con el nombre que usted indique (“© Dana Whitfield”), o como “Anónimo” (“Anonymous” en la versión en inglés) si pide que no aparezca su nombre. Su correo electrónico nunca se publica.',
  Licence: 'Licencia',
  'You keep the copyright. You choose how others may reuse what you send, and the item says it beside your credit:':
    'Usted conserva los derechos de autor. Usted elige cómo pueden otras personas reutilizar lo que envía, y el elemento lo indica junto a su crédito:',
  'Creative Commons BY 4.0: anyone may share and adapt it, for any purpose, crediting you.':
    'Creative Commons BY 4.0: cualquier persona puede compartirlo y adaptarlo, para cualquier fin, siempre que le dé crédito a usted.',
  'Creative Commons BY-NC 4.0: anyone may share and adapt it, crediting you, but not to make money.':
    'Creative Commons BY-NC 4.0: cualquier persona puede compartirlo y adaptarlo, siempre que le dé crédito a usted, pero no para ganar dinero.',
  'Shown in this archive only': 'Solo se muestra en este archivo',
  'This archive may show it to its visitors, keep copies of it to preserve it, and show it when it presents the archive. Nobody else may reuse it without asking you; ask the editors to reach you.':
    'Este archivo puede mostrar lo que usted envía a quienes lo visitan, guardar copias para conservarlo y mostrarlo cuando presente el archivo. Nadie más puede reutilizarlo sin pedirle permiso a usted; quien quiera hacerlo puede pedirle al equipo editorial que se comunique con usted.',
  'People shown': 'Personas que aparecen',
  'You confirm that nobody can be recognised in what you send, or that the people who can be recognised have agreed to it being published.':
    'Usted confirma que nadie puede ser reconocido en lo que envía, o que las personas que pueden ser reconocidas están de acuerdo con que se publique.',
  'Your age': 'Su edad',
  'You are 16 or older, or a parent or guardian has agreed to you sending it.':
    'Usted tiene 16 años o más, o su madre, su padre o su tutor aceptó que lo envíe.',
  Privacy: 'Privacidad',
  'Photos lose their hidden details (the place they were taken, the camera, the time) when you upload them, and so does every copy the archive makes of them. What you send stays private until an editor publishes it.':
    'Las fotos pierden sus datos ocultos (el lugar donde se tomaron, la cámara, la hora) al subirlas, y también cada copia que el archivo hace de ellas. Lo que usted envía se mantiene privado hasta que el equipo editorial lo publica.',
  'Changing your mind': 'Si cambia de opinión',
  'You, or anyone shown, may ask for an item to be removed or corrected with “Ask for removal or correction” on its page, or by writing to the editors from the Contact page. Editors can hide it at once while they look into it.':
    'Usted, o cualquier persona que aparezca, puede pedir que se retire o se corrija un elemento con “Solicitar retiro o corrección” en su página, o escribiendo al equipo editorial desde la página de Contacto. El equipo editorial puede ocultarlo de inmediato mientras revisa el caso.',
  'Editors may blur parts of a photo before publishing it: a face, a licence plate, a house number. Then only the blurred copy is published; the photo as you sent it is never published, and it is deleted with the rest of what you sent once the editors have decided.':
    'Antes de publicar una foto, el equipo editorial puede difuminar partes de ella: una cara, una placa, un número de casa. En ese caso solo se publica la copia difuminada; la foto tal como usted la envió nunca se publica, y se elimina junto con el resto de lo que envió una vez que el equipo editorial toma su decisión.',
};
