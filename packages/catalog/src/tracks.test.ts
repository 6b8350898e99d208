import { AD_TYPES } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import { offersAutoBump } from './autoBump.ts';
import { CAT, SUBCAT } from './categories/ids.ts';
import { CATALOGS } from './categories/registry.ts';
import {
  AUTO_BUMP_DAYS,
  AUTO_BUMP_EVERY_HOURS,
  AUTO_BUMP_HASH,
  autoBumpPriceAgorot,
  BOARD_RANKS,
  boardRankOf,
  compareBoardOrder,
  findTrack,
  OWNER_BUMP_MIN_HOURS,
  OWNER_RENEW_WITHIN_DAYS,
  priceWithoutTax,
  renewalDays,
  trackAllowsBump,
  trackAllowsRenew,
  tracksFor,
} from './tracks.ts';

const HEBREW = /[\u0590-\u05FF]/;
const PLAN = 'personal_publish_payment_choose';

/** Every selection a catalogue with a plan step serves (one per catalogue, its first selectors). */
const planSelections = CATALOGS.filter((c) => c.steps.some((s) => s.area === PLAN)).map((c) => ({
  id: c.id,
  cat: c.cat,
  subcat: c.subcats?.[0],
  SalesCatID: c.SalesCatIDs?.[0],
}));

describe('tracks as data (after-save-area.md §3, §9)', () => {
  it('every catalogue with a plan step has tracks, with a free one first; catalogues without have none', () => {
    expect(planSelections.length).toBeGreaterThan(10);
    for (const s of planSelections) {
      const tracks = tracksFor(s);
      expect(tracks.length, s.id).toBeGreaterThan(0);
      expect(tracks[0]?.textPrice, s.id).toBe('חינם');
    }
    for (const c of CATALOGS.filter((c) => !c.steps.some((s) => s.area === PLAN))) {
      expect(tracksFor({ cat: c.cat, subcat: c.subcats?.[0] }), c.id).toEqual([]);
    }
    expect(tracksFor({ cat: 14, subcat: 1 })).toEqual([]);
  });

  it('every item is fully filled: money in agorot, VAT, Hebrew texts, colour by order type, unique hashes', () => {
    for (const s of planSelections) {
      const tracks = tracksFor(s);
      expect(new Set(tracks.map((t) => t.hash)).size).toBe(tracks.length);
      for (const t of tracks) {
        expect(AD_TYPES).toContain(t.adType);
        expect(Number.isInteger(t.amountAgorot)).toBe(true);
        expect(t.amountAgorot).toBe(Math.round(t.price * 100));
        expect(t.priceNotTax).toBe(Math.round(t.amountAgorot / 1.18) / 100);
        expect(t.days).toBeGreaterThan(0);
        expect(Number.isInteger(t.giftedDays)).toBe(true);
        for (const text of [t.headerText, t.title, t.description, t.buttonText, ...t.description_inner]) {
          expect(text, `${t.hash} ${text}`).toMatch(HEBREW);
        }
        expect(t.dealColor).toBe(t.orderType === 1 ? 'grey' : t.orderType === 2 ? 'pink' : 'yellow');
        expect(t.hash).toMatch(/^c\d+(-[a-z0-9]+)+$/);
        expect(t.catId).toBe(s.cat);
        if (t.price === 0) expect(['Free', 'FreeView']).toContain(t.adType);
        else expect(t.textPrice).toBeUndefined();
      }
    }
  });

  it('prices: VIP of cars is 99 ₪, 83.90 without VAT, charged as 9900 agorot', () => {
    const vip = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
    expect(vip).toMatchObject({ adType: 'VIP', price: 99, priceNotTax: 83.9, amountAgorot: 9900, dealColor: 'yellow' });
    expect(priceWithoutTax(1900)).toBe(16.1);
    expect(findTrack({ cat: 1, subcat: 1 }, 'c1-free')).toMatchObject({ textPrice: 'חינם', dealColor: 'grey' });
    expect(findTrack({ cat: 1, subcat: 1 }, 'c1-bold')?.dealColor).toBe('pink');
  });

  it('vehicles: every sub-category, EasyStart with a 7-day trial continuing as VIP', () => {
    for (const subcat of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13]) {
      expect(tracksFor({ cat: 1, subcat }).map((t) => t.adType)).toEqual([
        'Free',
        'Bold',
        'VIP',
        'SUPERGOLD',
        'EasyStart',
      ]);
    }
    const easy = findTrack({ cat: '1', subcat: '1' }, 'c1-easystart');
    expect(easy?.easyStart).toEqual({
      days: 7,
      price: 0,
      adType: 'EasyStart',
      easyStartParentPkg: { adType: 'VIP', days: 28 },
    });
    expect(easy?.giftedDays).toBe(7);
  });

  it('real estate: commercial (subcat 4) has its own iscommercial tracks', () => {
    expect(tracksFor({ cat: 2, subcat: 1 }).every((t) => !t.iscommercial)).toBe(true);
    const commercial = tracksFor({ cat: 2, subcat: 4 });
    expect(commercial.every((t) => t.iscommercial && t.hash.startsWith('c2-com-'))).toBe(true);
    // A hash is accepted only for a selection that offers it.
    expect(findTrack({ cat: 2, subcat: 1 }, 'c2-com-vip')).toBeNull();
    expect(findTrack({ cat: 2, subcat: 4 }, 'c2-com-vip')?.iscommercial).toBe(true);
  });

  it('second hand: business for sale (SalesCatID 37) has isbusinessforsale tracks; 28 and 40 free only', () => {
    const b4s = tracksFor({ cat: 3, subcat: 2, SalesCatID: 37 });
    expect(b4s.length).toBeGreaterThan(1);
    expect(b4s.every((t) => t.isbusinessforsale && t.hash.startsWith('c3-b4s-'))).toBe(true);
    expect(tracksFor({ cat: 3, subcat: 0 }).some((t) => t.isbusinessforsale)).toBe(false);
    expect(tracksFor({ cat: 3, subcat: 0, SalesCatID: 28 }).map((t) => t.adType)).toEqual(['FreeView']);
    expect(tracksFor({ cat: 3, subcat: 0, SalesCatID: 40 }).map((t) => t.adType)).toEqual(['FreeView']);
    expect(findTrack({ cat: 1 }, 'c3-vip')).toBeNull();
    expect(findTrack({ cat: 3 }, 'nope')).toBeNull();
  });

  it('auto-bump constants (spec §9)', () => {
    expect([AUTO_BUMP_HASH, AUTO_BUMP_EVERY_HOURS, AUTO_BUMP_DAYS]).toEqual(['weekly-package', 4, 7]);
    expect(autoBumpPriceAgorot(3)).toBe(1800);
    expect(autoBumpPriceAgorot(1)).toBe(3900);
    expect(autoBumpPriceAgorot(2)).toBe(3900);
    for (const [cat, subcat, offered] of [
      [1, 1, true],
      [2, 7, true],
      [3, 0, true],
      [3, null, true],
      [3, undefined, true],
      [1, 8, false],
      [1, 13, false],
      [5, 1, false],
      [5, null, false],
      [6, 0, false],
    ] as const)
      expect(offersAutoBump(cat, subcat), `${cat}/${subcat}`).toBe(offered);
  });
});

describe("the VIP card's styling", () => {
  const vipOf = (subcat: string) => tracksFor({ cat: '1', subcat }).find((t) => t.adType === 'VIP');
  it('is on the VIP track of car subcats 4, 5, 6, 7 and 13 only, and on no other track', () => {
    for (const subcat of ['4', '5', '6', '7', '13']) expect(vipOf(subcat)?.vipStyle, subcat).toBe(true);
    for (const subcat of ['1', '2', '3', '8', '9', '11']) expect(vipOf(subcat)?.vipStyle, subcat).toBeUndefined();
    const motorcycle = tracksFor({ cat: '1', subcat: '4' });
    expect(motorcycle.filter((t) => t.vipStyle).map((t) => t.adType)).toEqual(['VIP']);
    expect(tracksFor({ cat: '2', subcat: '4' }).some((t) => t.vipStyle)).toBe(false);
  });
});

describe("the board's order", () => {
  it('names every ad type in exactly one rank, top to bottom: VIP and above, highlighted, plain', () => {
    expect(BOARD_RANKS.map((r) => r.rank)).toEqual(['top', 'highlighted', 'plain']);
    const named = BOARD_RANKS.flatMap((r) => r.adTypes);
    expect([...named].sort()).toEqual([...AD_TYPES].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('puts each track where its promise says: the top of the list, a highlighted card, after the paid ones', () => {
    // The track texts promise "מקום בראש הרשימה" (VIP, SUPERGOLD) and "אחרי המודעות המקודמות" (free).
    for (const t of ['VIP', 'SUPERGOLD', 'EasyStart', 'Premium', 'Platinum']) expect(boardRankOf(t), t).toBe('top');
    for (const t of ['Bold', 'Upgrade', 'UpgradePlus']) expect(boardRankOf(t), t).toBe('highlighted');
    for (const t of ['Free', 'FreeView', null, 'Unknown']) expect(boardRankOf(t), String(t)).toBe('plain');
  });

  it('orders by rank, then the last bump (else the publish time) newest first, then the higher number', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 22, h));
    const ads = [
      { id: 1, adType: 'Free', publishedAt: at(9), bumpedAt: at(9) },
      { id: 2, adType: 'VIP', publishedAt: at(1), bumpedAt: at(1) },
      { id: 3, adType: 'Free', publishedAt: at(2), bumpedAt: at(10) },
      { id: 4, adType: 'Bold', publishedAt: at(3), bumpedAt: null },
      { id: 5, adType: 'Free', publishedAt: at(9), bumpedAt: at(9) },
      { id: 6, adType: 'SUPERGOLD', publishedAt: at(5), bumpedAt: at(5) },
    ];
    expect([...ads].sort(compareBoardOrder).map((a) => a.id)).toEqual([6, 2, 4, 3, 5, 1]);
  });
});

describe("an owner's bump and renewal", () => {
  it('bumps the paid tracks and renews the free ones: every ad type exactly one of the two', () => {
    for (const t of AD_TYPES) expect(trackAllowsBump(t) !== trackAllowsRenew(t), t).toBe(true);
    for (const t of ['VIP', 'SUPERGOLD', 'EasyStart', 'Premium', 'Platinum', 'Bold', 'Upgrade', 'UpgradePlus']) {
      expect(trackAllowsBump(t), t).toBe(true);
    }
    for (const t of ['Free', 'FreeView']) expect(trackAllowsRenew(t), t).toBe(true);
    expect(trackAllowsBump(null) || trackAllowsRenew(null)).toBe(false);
    expect(OWNER_BUMP_MIN_HOURS).toBe(24);
    expect(OWNER_RENEW_WITHIN_DAYS).toBe(7);
  });

  it("renews for the track's days in the ad's category, else the free track's without a plan step", () => {
    expect(renewalDays({ cat: CAT.vehicles }, 'Free')).toBe(28);
    expect(renewalDays({ cat: CAT.realEstate, subcat: SUBCAT.realEstateCommercial }, 'Free')).toBe(56);
    expect(renewalDays({ cat: CAT.householdWorkers }, 'Free')).toBe(28);
  });
});
