/**
 * The accessibility walk of the families' later steps (a11y-families-walk.ts): real estate's three kinds: a flat for
 * sale, for rent, a commercial property.
 */
import { walkFamilies } from './a11y-families-walk.ts';

walkFamilies({ name: 'real-estate', cats: ['2'] });
