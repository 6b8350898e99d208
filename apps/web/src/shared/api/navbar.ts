import type { PersonalNavbarResponse } from '@app/contract/auth';
import { getJson } from './http.ts';

/** GET /api/personal-navbar; null when it cannot be loaded. */
export async function fetchPersonalNavbar(): Promise<PersonalNavbarResponse | null> {
  const result = await getJson<PersonalNavbarResponse>('/api/personal-navbar');
  return result.ok && result.data?.navBar && result.data.personalBar ? result.data : null;
}
