export { APP_EVENTS, appTakesPersonalArea, postAppEvent } from './appEvents.ts';
export { traderAppEvent } from './appTraderEvents.ts';
export { isNativeApp } from './nativeApp.ts';
