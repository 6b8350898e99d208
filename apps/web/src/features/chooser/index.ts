export { CategoryChooser } from './CategoryChooser.tsx';
export { type IconId, TileIcon } from './TileIcon.tsx';
