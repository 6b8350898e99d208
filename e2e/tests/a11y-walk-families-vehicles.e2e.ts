/**
 * The accessibility walk of the families' later steps (a11y-families-walk.ts): vehicles other than the private car
 * (its whole wizard is a11y-walk.e2e.ts's), and a server error on an earlier step's field.
 */
import { walkFamilies } from './a11y-families-walk.ts';

walkFamilies({ name: 'vehicles', cats: ['1'], earlierStep: true });
