/** Every sub-model (trim and engine variant), of every sub-category (the data lives in subModels-*.ts, split by kind). */
import { AMERICAN_CHINESE_SUB_MODELS } from './subModels-american-chinese.ts';
import { EUROPEAN_SUB_MODELS } from './subModels-european.ts';
import { JAPANESE_SUB_MODELS } from './subModels-japanese.ts';
import { KOREAN_SUB_MODELS } from './subModels-korean.ts';
import { PREMIUM_SUB_MODELS } from './subModels-premium.ts';
import { TRUCK_AND_BOAT_SUB_MODELS } from './subModels-trucks-boats.ts';
import { TWO_WHEELER_SUB_MODELS } from './subModels-two-wheelers.ts';
import type { SubModel } from './types.ts';

export const SUB_MODELS: readonly SubModel[] = [
  ...JAPANESE_SUB_MODELS,
  ...KOREAN_SUB_MODELS,
  ...EUROPEAN_SUB_MODELS,
  ...PREMIUM_SUB_MODELS,
  ...AMERICAN_CHINESE_SUB_MODELS,
  ...TWO_WHEELER_SUB_MODELS,
  ...TRUCK_AND_BOAT_SUB_MODELS,
];
