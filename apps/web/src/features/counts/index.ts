export { LiveCountLine } from './LiveCountLine.tsx';
export { liveCountRequest } from './liveCountRequest.ts';
export { SameAdsCounters } from './SameAdsCounters.tsx';
