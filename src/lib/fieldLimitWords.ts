import { plural } from '@lingui/core/macro';

/**
 * How a field's limit is said to the person filling it in (`max`: its most), in the active
 * language. An item's fields have the same words wherever they are checked: the editor's item
 * form (`@/lib/itemChecks`) and a visitor's submission (`@/lib/submissionSchema`).
 */
export type TooLong = (max: number) => string;

export const titleTooLong: TooLong = (max) =>
  plural(max, {
    one: 'The title must be at most # character.',
    other: 'The title must be at most # characters.',
  });

export const descriptionTooLong: TooLong = (max) =>
  plural(max, {
    one: 'The description must be at most # character.',
    other: 'The description must be at most # characters.',
  });

export const categoryNameTooLong: TooLong = (max) =>
  plural(max, {
    one: 'A category name must be at most # character.',
    other: 'A category name must be at most # characters.',
  });

export const tooManyCategories: TooLong = (max) =>
  plural(max, {
    one: 'Choose at most # category.',
    other: 'Choose at most # categories.',
  });

export const creditTooLong: TooLong = (max) =>
  plural(max, {
    one: 'A credit must be at most # character.',
    other: 'A credit must be at most # characters.',
  });
