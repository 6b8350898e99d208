export { carSignPath, openCarSign } from './openCarSign.ts';
