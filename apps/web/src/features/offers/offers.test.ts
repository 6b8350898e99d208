import { describe, expect, it } from 'vitest';
import {
  donationAnswered,
  donationOffered,
  PET_PROPERTIES_AREA,
  rememberDonationAnswer,
  showsDogInfo,
} from './offers.ts';

describe('showsDogInfo', () => {
  it('on a dog ad’s properties step only', () => {
    expect(showsDogInfo({ cat: '5', petType: '1' }, PET_PROPERTIES_AREA)).toBe(true);
    expect(showsDogInfo({ cat: '5', petType: '2' }, PET_PROPERTIES_AREA)).toBe(false);
    expect(showsDogInfo({ cat: '5', petType: '1' }, 'personal_publish_pet_more_properties')).toBe(false);
    expect(showsDogInfo({ cat: '3', petType: '1' }, PET_PROPERTIES_AREA)).toBe(false);
  });
});

describe('donationOffered', () => {
  it('on a published pets ad', () => {
    expect(donationOffered(5, 'active')).toBe(true);
    expect(donationOffered(5, 'pending')).toBe(true);
    expect(donationOffered(5, 'awaitingPayment')).toBe(false);
    expect(donationOffered(5, undefined)).toBe(false);
    expect(donationOffered(1, 'active')).toBe(false);
  });
});

describe('the donation answer', () => {
  it('is remembered in the session storage given', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
    expect(donationAnswered(storage)).toBe(false);
    rememberDonationAnswer(storage);
    expect(donationAnswered(storage)).toBe(true);
  });

  it('a storage that throws counts as not answered', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(donationAnswered(broken)).toBe(false);
  });
});
