import type { MenuImportProblem, MenuImportProblemCode } from '@bakje/contract';
import type { IntlShape } from 'react-intl';

/** Every problem code's staff message: the compiler asks for a new code's, the messages test that it exists. */
const PROBLEM_MESSAGES: Record<MenuImportProblemCode, string> = {
  notPrice: 'dashboard.menuTransfer.problem.notPrice',
  notWholeNumber: 'dashboard.menuTransfer.problem.notWholeNumber',
  saleAboveRegular: 'dashboard.menuTransfer.problem.saleAboveRegular',
  allergenList: 'dashboard.menuTransfer.problem.allergenList',
  ageLimit: 'dashboard.menuTransfer.problem.ageLimit',
  variationParent: 'dashboard.menuTransfer.problem.variationParent',
  variationOneValue: 'dashboard.menuTransfer.problem.variationOneValue',
  unknownType: 'dashboard.menuTransfer.problem.unknownType',
  nameRequired: 'dashboard.menuTransfer.problem.nameRequired',
  duplicateId: 'dashboard.menuTransfer.problem.duplicateId',
  unreadable: 'dashboard.menuTransfer.problem.unreadable',
  tooManyRows: 'dashboard.menuTransfer.problem.tooManyRows',
  noNameColumn: 'dashboard.menuTransfer.problem.noNameColumn',
  noRows: 'dashboard.menuTransfer.problem.noRows',
  parentMissing: 'dashboard.menuTransfer.problem.parentMissing',
  invalidValue: 'dashboard.menuTransfer.problem.invalidValue',
  imageFailed: 'dashboard.menuTransfer.problem.imageFailed',
};

/**
 * An import problem in the viewer's language: its code's staff message filled with its values; a problem
 * without a known code (an import stored before codes existed) keeps the server's English words
 * (docs/decisions/0071-age-restricted-products-staff-language.md).
 */
export function problemText(intl: IntlShape, problem: MenuImportProblem): string {
  const id = problem.code ? PROBLEM_MESSAGES[problem.code] : undefined;
  return id ? intl.formatMessage({ id }, problem.params ?? {}) : problem.message;
}
