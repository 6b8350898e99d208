import type { TileId } from '@app/catalog/chooser';

/** Line drawings of the chooser tiles (24×24, stroke = currentColor). Decorative: hidden from AT. */
export type IconId = TileId | 'private' | 'business' | 'publish' | 'myAds' | 'packages';

const PATHS: Readonly<Record<IconId, readonly string[]>> = {
  realEstate: ['M3 11.5 12 4l9 7.5', 'M5.5 10v10h13V10', 'M10 20v-5.5h4V20'],
  vehicles: [
    'M4 16.5h16v-4l-1.9-4.6a2 2 0 0 0-1.8-1.3H7.7a2 2 0 0 0-1.8 1.3L4 12.5z',
    'M4 12.5h16',
    'M6 16.5v2h2.5v-2M15.5 16.5v2H18v-2',
    'M7 14.5h1M16 14.5h1',
  ],
  secondHand: ['M3.5 12.5V4h8.5l9 9-8.5 8.5z', 'M8.5 8.5h.01'],
  businessForSale: ['M3.5 9 5.5 4h13l2 5z', 'M5 9v11h14V9', 'M10 20v-5h4v5', 'M3.5 9h17'],
  professionals: ['M14.5 5.5a4 4 0 0 0-5.3 5.3L3.5 16.5l3 3 5.7-5.7a4 4 0 0 0 5.3-5.3L15 11l-2.5-.5L12 8z'],
  commercialRealEstate: ['M4 21V5l8-2v18', 'M12 9h8v12', 'M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2', 'M2 21h20'],
  jobs: ['M3.5 8h17v11h-17z', 'M9 8V6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2', 'M3.5 13h17', 'M11 13v2h2v-2'],
  furniture: [
    'M5.5 11V8a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v3',
    'M3 12.5a1.8 1.8 0 0 1 3.5 0V15h11v-2.5a1.8 1.8 0 0 1 3.5 0V18H3z',
    'M5 18v2M19 18v2',
  ],
  fashion: ['M8.5 3.5 3.5 6.5l2 4 2-1v11h9v-11l2 1 2-4-5-3a3.5 3.5 0 0 1-7 0z'],
  pets: [
    'M12 12.5c-2.4 0-5 3-5 5.2a2 2 0 0 0 2.2 2c1 0 1.8-.5 2.8-.5s1.8.5 2.8.5a2 2 0 0 0 2.2-2c0-2.2-2.6-5.2-5-5.2z',
    'M6 10.5a1.6 1.9 0 1 0 .01 0zM9.3 5.5a1.6 1.9 0 1 0 .01 0zM14.7 5.5a1.6 1.9 0 1 0 .01 0zM18 10.5a1.6 1.9 0 1 0 .01 0z',
  ],
  babyAndChild: [
    'M12.5 4a7 7 0 0 1 7 7h-7z',
    'M5 11h14.5a5.5 5.5 0 0 1-5.5 5h-4A5 5 0 0 1 5 11z',
    'M5 11 3.5 7.5H2',
    'M8.5 19.5a1.5 1.5 0 1 0 .01 0zM15.5 19.5a1.5 1.5 0 1 0 .01 0z',
  ],
  cellular: [
    'M7.5 2.5h9a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 20V4a1.5 1.5 0 0 1 1.5-1.5z',
    'M11 18h2',
  ],
  householdWorkers: [
    'M9 7.5a3 3 0 1 0 .01 0z',
    'M3.5 20.5c.8-3.6 2.9-5.5 5.5-5.5s4.7 1.9 5.5 5.5',
    'M17 11a2 2 0 1 0 .01 0z',
    'M14.8 20.5c.4-2.3 1.2-4 2.2-4s1.8 1.7 2.2 4',
  ],
  studies: ['M2.5 9 12 4.5 21.5 9 12 13.5z', 'M6.5 11v5c1.5 1.6 3.4 2.5 5.5 2.5s4-.9 5.5-2.5v-5', 'M21.5 9v5.5'],
  tourism: ['M17 4a3 3 0 1 0 .01 0z', 'M2.5 20.5 9 10l4.5 6.5 2.5-3 5.5 7z', 'M2.5 20.5h19'],
  private: ['M12 4a4 4 0 1 0 .01 0z', 'M4.5 20.5c1.4-3.8 4.2-5.8 7.5-5.8s6.1 2 7.5 5.8'],
  business: ['M3.5 8h17v11h-17z', 'M9 8V6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2', 'M3.5 13h17'],
  publish: ['M12 4.5a7.5 7.5 0 1 0 .01 0z', 'M12 8.5v7M8.5 12h7'],
  myAds: ['M5 4.5h14v15H5z', 'M8.5 9h7M8.5 12h7M8.5 15h4'],
  packages: ['M3.5 8 12 3.5 20.5 8v8.5L12 21l-8.5-4.5z', 'M3.5 8 12 12.5 20.5 8', 'M12 12.5V21'],
};

export function TileIcon({ id, size = 40, className }: { id: IconId; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[id].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
