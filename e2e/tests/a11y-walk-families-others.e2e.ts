/**
 * The accessibility walk of the families' later steps (a11y-families-walk.ts): second hand (a private advertiser's
 * five kinds and a trader's two), pets, studies, tourism, the four household-worker boards and customer info.
 */
import { OTHER_FAMILIES, walkFamilies } from './a11y-families-walk.ts';

walkFamilies({ name: 'others', cats: OTHER_FAMILIES, trader: true });
