/**
 * The leads the publishing flow collects reach their owners: each kind is recorded with the owner the catalogue data
 * names (the chosen broker offices, the trade-in partner, a campaign's partner, the sales team, the catalogue team),
 * mailed to it once through the mailer (the sandbox's outbox here; the SMTP queue below, also while the mail server
 * is down), with what the owner needs and nothing more of the advertiser; and the console lists them by kind and
 * status a page at a time, marks one handled (audited), exports them as a CSV file Excel opens, to support and admin.
 */
import { findPlate } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLeads } from '../src/leads/leads-repository.ts';
import { parseCsv } from '../src/platform/csv.ts';
import { BROKER_ACCOUNTS, seedBrokers } from '../src/seed/brokers.ts';
import { customer } from './support/phones.ts';
import { custId, storedAd } from './support/plan-extras.ts';
import { validSaleAd } from './support/real-estate-ad.ts';
import { SmtpMailbox } from './support/smtp-mailbox.ts';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, readOutbox, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const TOYOTA = String(findPlate(SAMPLE_PLATES.privateCar)?.manufacturerId);
const CONTACT = { contactName: 'אורית כהן', validPhone1: '0521234567', virtual_num: '0' };

interface LeadRow {
  id: number;
  kind: string;
  owner_type: string;
  owner_ref: string;
  owner_name: string;
  owner_address: string | null;
  mailed_at: Date | null;
}
const leadsOfKind = (t: TestApp, kind: string) =>
  t.db.query<LeadRow>('SELECT * FROM leads WHERE kind = $1 ORDER BY id', [kind]);

describe('leads to their owners (the sandbox outbox)', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerId: number;
  let ownerEmail: string;
  let brokerIds: number[];
  const brokerIdOf = (email: string) => brokerIds[BROKER_ACCOUNTS.findIndex((b) => b.email === email)] as number;

  beforeAll(async () => {
    t = await createTestApp({ JOB_TICK_MS: '0' });
    brokerIds = await seedBrokers(t.db);
    owner = await customer(t);
    ownerId = await custId(owner);
    ownerEmail = (await owner.get('/api/auth/customer')).json().Email ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every mail to an address, and it has none of the advertiser's account details. */
  const mailsTo = async (to: string) => {
    const mails = await readOutbox(t, to);
    for (const m of mails) {
      // No line carries the account's id.
      expect(m.text.split('\n').some((line) => line.endsWith(`: ${ownerId}`))).toBe(false);
      expect(m.text).not.toContain('מספר לקוח');
      if (ownerEmail) expect(m.text).not.toContain(ownerEmail);
      expect(m.text).not.toMatch(/password|סיסמה/i);
    }
    return mails;
  };

  it('mails the chosen broker offices, each once, with the contact the advertiser shows', async () => {
    const ad = await storedAd(t, ownerId, { ...validSaleAd(), ...CONTACT });
    const yarkon = brokerIdOf('broker.yarkon@demo.co.il');
    const dizengoff = brokerIdOf('broker.dizengoff@demo.co.il');
    expect((await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [yarkon, dizengoff] })).statusCode).toBe(
      200,
    );
    // The same choice again is the same two leads.
    await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [dizengoff, yarkon] });
    const rows = await leadsOfKind(t, 'broker');
    expect(rows.map((r) => [r.owner_type, Number(r.owner_ref)]).sort()).toEqual(
      [
        ['broker', yarkon],
        ['broker', dizengoff],
      ].sort(),
    );
    expect(rows.every((r) => r.mailed_at === null)).toBe(true);
    await t.app.jobs.runDueJobs();
    await t.app.jobs.runDueJobs();
    for (const email of ['broker.yarkon@demo.co.il', 'broker.dizengoff@demo.co.il']) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`פנייה חדשה: משרד תיווך (מודעה ${ad})`);
      expect(mails[0]?.text).toContain(`מספר המודעה: ${ad}`);
      expect(mails[0]?.text).toContain('עיר: תל אביב-יפו');
      expect(mails[0]?.text).toContain('שם: אורית כהן');
      expect(mails[0]?.text).toContain('טלפון: 052-1234567');
    }
    expect(await mailsTo('broker.rehavia@demo.co.il')).toHaveLength(0);
    const mailed = await leadsOfKind(t, 'broker');
    expect(mailed.map((r) => r.owner_address).sort()).toEqual(
      ['broker.dizengoff@demo.co.il', 'broker.yarkon@demo.co.il'].sort(),
    );
  });

  it('a broker gets no phone of an ad that hides its number and has no virtual one yet, never the real one', async () => {
    const ad = await storedAd(t, ownerId, { ...validSaleAd(), ...CONTACT, virtual_num: '1' });
    await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [brokerIdOf('broker.yarkon@demo.co.il')] });
    await t.app.jobs.runDueJobs();
    const [mail] = (await mailsTo('broker.yarkon@demo.co.il')).filter((m) => m.subject.includes(String(ad)));
    expect(mail?.text).toContain('שם: אורית כהן');
    expect(mail?.text).not.toContain('1234567');
  });

  it("mails each chosen campaign's partner, with the plate the campaign asks for", async () => {
    const ad = await storedAd(t, ownerId, { ...validCarAd(), manufacturer: TOYOTA, ...CONTACT });
    const res = await owner.post('/api/publish/campaign/save', {
      orderID: ad,
      campaigns: ['car-insurance', 'toyota-check'],
      registrationPlate: '12345678',
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runDueJobs();
    const rows = await leadsOfKind(t, 'campaign');
    expect(rows.map((r) => r.owner_ref).sort()).toEqual(['car-insurance', 'toyota-check']);
    const [toyota, ...more] = await mailsTo('toyota-check@partners.example.co.il');
    expect(more).toHaveLength(0);
    expect(toyota?.text).toContain('הצעה: בדיקת טויוטה');
    expect(toyota?.text).toContain('מספר רישוי: 12345678');
    expect(toyota?.text).toContain('טלפון: 052-1234567');
    const [insurance] = await mailsTo('car-insurance@partners.example.co.il');
    expect(insurance?.text).not.toContain('מספר רישוי');
  });

  it('mails a trade-in lead to the trade-in partner, and a missing sub-model report to the catalogue team', async () => {
    const p = findPlate(SAMPLE_PLATES.privateCar);
    const ad = await storedAd(t, ownerId, validCarAd());
    const trade = await owner.post('/api/publish/car-trader/trade-in-lead', {
      name: 'דנה לוי',
      phone: '052-7654321',
      OrderID: String(ad),
      manufacturer: String(p?.manufacturerId),
      model: String(p?.modelId),
      year: String(p?.carYear),
    });
    expect(trade.statusCode).toBe(200);
    const report = await owner.post('/api/stinker?action=missingSubModel', {
      missingSubModel: '1.8 היברידי Sport',
      missingManufacturerID: String(p?.manufacturerId),
      missingModelID: String(p?.modelId),
      OrderID: String(ad),
    });
    expect(report.statusCode).toBe(200);
    await t.app.jobs.runDueJobs();
    expect((await leadsOfKind(t, 'trade-in'))[0]).toMatchObject({ owner_type: 'partner', owner_ref: 'trade-in' });
    const [tradeMail] = await mailsTo('trade-in@partners.example.co.il');
    expect(tradeMail?.text).toContain('שם: דנה לוי');
    expect(tradeMail?.text).toContain('טלפון: 052-7654321');
    expect(tradeMail?.text).toMatch(/יצרן: \S/);
    expect((await leadsOfKind(t, 'missing-sub-model'))[0]).toMatchObject({
      owner_type: 'team',
      owner_ref: 'catalogue',
    });
    const [subModel] = await mailsTo('catalogue@example.co.il');
    expect(subModel?.subject).toContain('תת-דגם חסר');
    expect(subModel?.text).toContain('תת-הדגם שדווח: 1.8 היברידי Sport');
    // The catalogue team needs the car, not the person.
    expect(subModel?.text).not.toContain('דנה');
    expect(subModel?.text).not.toMatch(/טלפון/);
  });

  it('mails a package enquiry to the sales team and a missing address to the catalogue team, once', async () => {
    const enquiry = {
      pt_hash: 'b4s-vip-5',
      contactus_fullName: 'רונית לוי',
      contactus_phone: '050-1234567',
      contactus_email: 'ronit@example.co.il',
    };
    expect((await owner.post('/api/packages/lead', enquiry)).json()).toMatchObject({ sent: true });
    // Sent again, the open enquiry is updated, and not mailed again.
    await owner.post('/api/packages/lead', enquiry);
    const address = await new Agent(t.app, '10.61.0.1').post('/api/publish/missing-address', {
      settlement: 'תל אביב - יפו',
      street: 'סמטת הפלא',
      houseNumber: '7א',
    });
    expect(address.statusCode).toBe(200);
    await t.app.jobs.runDueJobs();
    await t.app.jobs.runDueJobs();
    expect((await leadsOfKind(t, 'package')).map((r) => [r.owner_ref, r.owner_name])).toEqual([
      ['sales', 'צוות המכירות'],
    ]);
    const sales = await mailsTo('sales@example.co.il');
    expect(sales).toHaveLength(1);
    expect(sales[0]?.text).toContain('דוא"ל: ronit@example.co.il');
    expect(sales[0]?.text).toContain('שם: רונית לוי');
    const addressMails = (await mailsTo('catalogue@example.co.il')).filter((m) => m.subject.includes('כתובת חסרה'));
    expect(addressMails).toHaveLength(1);
    expect(addressMails[0]?.text).toContain('רחוב: סמטת הפלא');
    expect(addressMails[0]?.text).toContain('מספר בית: 7א');
  });

  it("with the tick at its default (half a minute), a lead's mail is written within two seconds of the lead", async () => {
    const ticking = await createTestApp({ LEADS_CATALOGUE_EMAIL: 'soon@team.example.co.il' });
    try {
      const started = Date.now();
      const address = await new Agent(ticking.app, '10.61.0.9').post('/api/publish/missing-address', {
        settlement: 'חיפה',
        street: 'רחוב הגפן',
        houseNumber: '3',
      });
      expect(address.statusCode).toBe(200);
      let mails = await readOutbox(ticking, 'soon@team.example.co.il');
      while (mails.length === 0 && Date.now() - started < 2_000) {
        await new Promise((r) => setTimeout(r, 20));
        mails = await readOutbox(ticking, 'soon@team.example.co.il');
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('רחוב: רחוב הגפן');
    } finally {
      await ticking.close();
    }
  });

  it('a team address is configuration', async () => {
    const other = await createTestApp({ JOB_TICK_MS: '0', LEADS_CATALOGUE_EMAIL: 'reports@team.example.co.il' });
    try {
      await new Agent(other.app, '10.61.0.2').post('/api/publish/missing-address', { settlement: 'חיפה' });
      await other.app.jobs.runDueJobs();
      expect(await readOutbox(other, 'reports@team.example.co.il')).toHaveLength(1);
      expect(await readOutbox(other, 'catalogue@example.co.il')).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  describe('the console', () => {
    let support: Agent;
    const list = (agent: Agent, query = '') => agent.get(`/api/operator/leads${query}`);

    beforeAll(async () => {
      support = await staffAgent(t, 'support');
    });

    it('lets support and admin in; other roles get 403, a visitor 401', async () => {
      expect((await list(support)).statusCode).toBe(200);
      expect((await list(await staffAgent(t, 'admin'))).statusCode).toBe(200);
      for (const role of ['moderator', 'finance', 'analyst'] as const) {
        const agent = await staffAgent(t, role);
        for (const res of [
          await list(agent),
          await agent.get('/api/operator/leads.csv'),
          await agent.post('/api/operator/leads/1/handled', {}),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json().message).toMatch(/[א-ת]/);
        }
      }
      expect((await list(new Agent(t.app))).statusCode).toBe(401);
    });

    it('lists every lead newest first with its owner, status and delivery; filters by kind and status', async () => {
      const body = (await list(support)).json();
      const kinds = new Set(body.items.map((i: { kind: string }) => i.kind));
      expect([...kinds].sort()).toEqual(
        ['broker', 'campaign', 'missing-address', 'missing-sub-model', 'package', 'trade-in'].sort(),
      );
      const order = body.items.map((i: { createdAt: string; id: number }) => [Date.parse(i.createdAt), i.id]);
      const newestFirst = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      expect(order).toEqual(newestFirst);
      const trade = body.items.find((i: { kind: string }) => i.kind === 'trade-in');
      expect(trade).toMatchObject({
        kindTitle: 'טרייד-אין',
        ownerName: 'שותף הטרייד-אין',
        ownerAddress: 'trade-in@partners.example.co.il',
        status: 'new',
        handledBy: null,
        delivery: 'sent',
      });
      const brokers = (await list(support, '?kind=broker')).json().items;
      expect(brokers.length).toBeGreaterThan(0);
      expect(brokers.every((i: { kind: string }) => i.kind === 'broker')).toBe(true);
      for (const bad of ['?kind=offer', '?status=old', '?after=yesterday']) {
        const res = await list(support, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('הסינון אינו תקין');
      }
    });

    it('marks a lead handled once, by whom and when, audited; the status filter follows', async () => {
      const [first] = (await list(support, '?kind=package')).json().items;
      const res = await support.post(`/api/operator/leads/${first.id}/handled`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().lead).toMatchObject({ id: first.id, status: 'handled', handledBy: 'צוות' });
      expect(res.json().lead.handledAt).toBe(t.clock.now().toISOString());
      // Again: the same answer, one audit entry.
      expect((await support.post(`/api/operator/leads/${first.id}/handled`, {})).statusCode).toBe(200);
      const audit = await t.db.query<{ action: string; detail: { kind: string; after: string } }>(
        "SELECT action, detail FROM staff_audit WHERE target_type = 'lead' AND target_id = $1",
        [String(first.id)],
      );
      expect(audit).toMatchObject([{ action: 'lead.handled', detail: { kind: 'package', after: 'handled' } }]);
      const handled = (await list(support, '?status=handled')).json().items;
      expect(handled.map((i: { id: number }) => i.id)).toEqual([first.id]);
      const open = (await list(support, '?status=new')).json().items;
      expect(open.some((i: { id: number }) => i.id === first.id)).toBe(false);
      expect((await support.post('/api/operator/leads/99999999/handled', {})).statusCode).toBe(404);
      expect((await support.post('/api/operator/leads/abc/handled', {})).statusCode).toBe(404);
    });

    it('pages with a keyset cursor, every lead once', async () => {
      const many = Array.from({ length: 60 }, (_, i) => ({
        kind: 'missing-address' as const,
        source: `paging:${i}`,
        adId: null,
        ownerType: 'team' as const,
        ownerRef: 'catalogue',
        ownerName: 'צוות הקטלוג',
        facts: [{ label: 'יישוב', value: `יישוב ${i}` }],
      }));
      // Several share one time: the id orders them.
      await insertLeads(t.db, many, t.clock.now());
      const seen: number[] = [];
      let next: string | null = '';
      let pages = 0;
      while (next !== null) {
        const query: string = `?kind=missing-address${next ? `&after=${encodeURIComponent(next)}` : ''}`;
        const page: { items: { id: number }[]; next: string | null } = (await list(support, query)).json();
        seen.push(...page.items.map((i) => i.id));
        next = page.next;
        pages += 1;
      }
      expect(pages).toBe(2);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(61);
    });

    it('exports a CSV file Excel opens: BOM, Hebrew headers, CRLF, formulas escaped', async () => {
      await new Agent(t.app, '10.61.0.3').post('/api/publish/missing-address', {
        settlement: '=HYPERLINK("http://evil.example","x")',
        street: '+972',
        houseNumber: '@1',
      });
      const res = await support.get('/api/operator/leads.csv?kind=missing-address');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.startsWith('\ufeffמספר פנייה,סוג,תאריך,')).toBe(true);
      expect(text.split('\r\n').length).toBeGreaterThan(60);
      expect(text.endsWith('\r\n')).toBe(true);
      const rows = parseCsv(text);
      const evil = rows.find((r) => r[6]?.includes('HYPERLINK'));
      expect(evil?.[6]).toBe(`יישוב: =HYPERLINK("http://evil.example","x")\nרחוב: +972\nמספר בית: @1`);
      // A cell that starts with a sign is written behind an apostrophe.
      expect(text).not.toMatch(/(^|,)"?[=+\-@]/m);
      expect(rows.slice(1).every((r) => r[1] === 'כתובת חסרה')).toBe(true);
      const handledCsv = parseCsv((await support.get('/api/operator/leads.csv?status=handled')).body);
      expect(handledCsv.slice(1).map((r) => [r[1], r[7], r[8]])).toEqual([['חבילת מודעות', 'טופלה', 'צוות']]);
    });
  });
});

describe('leads through the SMTP mail queue', () => {
  const smtp = new SmtpMailbox();
  const received = smtp.received;
  let t: TestApp;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@site.example',
      JOB_TICK_MS: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  // Signed in afresh each time: a console session ends after 15 idle minutes, and the test moves the clock by hours.
  const deliveryOf = async () => {
    const res = await (await staffAgent(t, 'support')).get('/api/operator/leads?kind=missing-address');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items[0]?.delivery;
  };

  it('is queued once, tried again while the server is down, delivered once in Hebrew when it is back', async () => {
    await smtp.stop();
    try {
      await new Agent(t.app, '10.62.0.1').post('/api/publish/missing-address', {
        settlement: 'באר שבע',
        street: 'הנביאים',
      });
      expect(await deliveryOf()).toBe('waiting');
      // The lead's job writes the mail to the queue; the queue's job finds the server down.
      await t.app.jobs.runDueJobs();
      await t.app.jobs.runDueJobs();
      const queued = await t.db.query<{ status: string; attempts: number }>(
        "SELECT status, attempts FROM mail_queue WHERE to_address = 'catalogue@example.co.il'",
      );
      expect(queued).toMatchObject([{ status: 'pending', attempts: 1 }]);
      expect(await deliveryOf()).toBe('failing');
    } finally {
      await smtp.start();
    }
    t.clock.advance(2 * 60_000);
    await t.app.jobs.runDueJobs();
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDueJobs();
    const mails = received.filter((m) => m.subject?.includes('כתובת חסרה'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('יישוב: באר שבע');
    expect(mails[0]?.html).toContain('dir="rtl"');
    expect(mails[0]?.headers.get('content-language')).toBe('he');
    expect(await deliveryOf()).toBe('sent');
    const rows = await t.db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM mail_queue WHERE to_address = 'catalogue@example.co.il'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('a lead job run again (a second process, a retry) writes no second mail', async () => {
    await new Agent(t.app, '10.62.0.2').post('/api/publish/missing-address', { settlement: 'אילת' });
    const [lead] = await t.db.query<{ id: number }>('SELECT id FROM leads ORDER BY id DESC LIMIT 1');
    await t.app.jobs.runDueJobs();
    // The same job scheduled again, as a second process or a repeated run would.
    await t.db.query(
      `INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at, max_attempts, created_at)
       VALUES ('lead.mail', $1, $2::jsonb, $3, 3, $3)`,
      [`again:${lead?.id}`, JSON.stringify({ leadId: Number(lead?.id) }), t.clock.now()],
    );
    await t.app.jobs.runDueJobs();
    await t.app.jobs.runDueJobs();
    expect(received.filter((m) => m.text?.includes('יישוב: אילת'))).toHaveLength(1);
  });
});
