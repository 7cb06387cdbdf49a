export * from './keys';
export { builtInCategory, type Direction } from './builtin';
export {
  chooseCategory,
  ruleHasCondition,
  ruleMatches,
  type CategorizableRow,
  type CategoryChoice,
  type CategoryRule,
  type HouseholdKnowledge,
  type RowFacts,
} from './choose';
export * from './validation';
export { learningKey } from './learning-key';
