export { MediaBrief } from './MediaBrief.tsx';
export { MediaFieldLazy } from './MediaFieldLazy.tsx';
export type { MediaSession } from './session.ts';
export { forgetReservation, useMediaSession } from './useMediaSession.ts';
export { preloadMediaCode, VideoFieldLazy } from './VideoFieldLazy.tsx';
