/** The pure rule engine: compile CEL rules once, evaluate them per event, turn what fired into a decision. */
export {
  compileRule,
  compileRuleVersion,
  MAX_EXPRESSION_LENGTH,
  RuleCompileError,
  RULE_VARIABLES,
  type RuleVariable,
  type CompiledRule,
  type CompiledRuleVersion,
  type RuleSubject,
  type RuleVersionMeta,
} from './compile';
export {
  evaluateRules,
  toActivation,
  type EvaluationResult,
  type FiredRule,
  type RuleRuntimeError,
  type ScoringInput,
} from './evaluate';
export { decide, DEFAULT_THRESHOLDS, type Decision, type Thresholds } from './decide';
export { COUNTER_MEANINGS, COUNTER_NAMES, emptyCounters, isCounterName, type CounterName, type Counters } from './counters';
