/** Every vehicle model, of every sub-category (the data lives in models-*.ts, split by kind). */
import { CAR_MODELS } from './models-cars.ts';
import { TRUCK_AND_BOAT_MODELS } from './models-trucks-boats.ts';
import { TWO_WHEELER_MODELS } from './models-two-wheelers.ts';
import type { VehicleModel } from './types.ts';

export const MODELS: readonly VehicleModel[] = [...CAR_MODELS, ...TWO_WHEELER_MODELS, ...TRUCK_AND_BOAT_MODELS];
