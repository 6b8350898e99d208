import { findPlate } from '@app/catalog/vehicles/lookup';
import type { LicencePlateResult } from '@app/catalog/vehicles/types';

/**
 * The vehicle registry: what a licence plate says about the car (make, model, year, sub-model, colour, ownership),
 * mapped onto the catalogue. Which one runs is chosen in outside-services.ts.
 */
export interface VehicleRegistry {
  /**
   * The car registered under these 7 or 8 digits, or null when the registry has none. Throws VehicleNotInCatalogue
   * when the registry knows the car but our catalogue not its model, RegistryUnavailable when it is slow or down.
   */
  findPlate(digits: string): Promise<LicencePlateResult | null>;
}

/** The registry did not answer (a timeout, an outage, its breaker open, an answer we cannot read). */
export class RegistryUnavailable extends Error {}

/** The registry knows the car, but its model is not in our catalogue: the user chooses by hand. */
export class VehicleNotInCatalogue extends Error {}

/** The stand-in: the catalogue's sample registry (packages/catalog/src/vehicles/plates.ts), in memory. */
export class SampleVehicleRegistry implements VehicleRegistry {
  async findPlate(digits: string): Promise<LicencePlateResult | null> {
    return findPlate(digits);
  }
}
