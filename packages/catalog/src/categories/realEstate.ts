/**
 * Every real-estate catalogue (cat 2, publish-wizard.md §2 "Step catalogue per category"): choose category;
 * property address; home properties; payment, date and other deal properties; media; login; plan. Edit:
 * real-estate details, then edit login. Sale (1) and rent (2, with the "find a partner" sub-flow) in
 * realEstateResidential.ts, commercial (4) in realEstateCommercial.ts.
 */
import type { CategoryCatalog } from '@app/form-engine/model';
import { COMMERCIAL_CATALOG } from './realEstateCommercial.ts';
import { RENT_CATALOG, SALE_CATALOG } from './realEstateResidential.ts';

export const REAL_ESTATE_CATALOGS: readonly CategoryCatalog[] = [SALE_CATALOG, RENT_CATALOG, COMMERCIAL_CATALOG];
