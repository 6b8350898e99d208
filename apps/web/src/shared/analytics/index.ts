export {
  abTestOn,
  activeAbTests,
  BROKER_LEAD_TEST,
  overridesOf,
  rememberedOverrides,
  rememberOverrides,
} from './abTests.ts';
export { track } from './analytics.ts';
export {
  endRun,
  trackFieldErrors,
  trackPlanChosen,
  trackPlateSearch,
  trackStepPassed,
  useStepShownAnalytics,
} from './wizardAnalytics.ts';
