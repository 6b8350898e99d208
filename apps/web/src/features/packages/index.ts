export { LoadNotices } from './LoadNotices.tsx';
export { PackageCard } from './PackageCard.tsx';
export { useLoginGate } from './useLoginGate.ts';
