import { formatPhone } from '@app/contract/phones';
import { createFirstAdmin } from './operator/first-admin-service.ts';
import { type Config, loadConfig, sandboxesEnabled } from './platform/config.ts';
import { DataDirLockedError } from './platform/db/lock.ts';
import { keptKey } from './platform/kept-key.ts';
import { seedBrokers } from './seed/brokers.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoAds } from './seed/demo-ads.ts';
import { seedDealerAds } from './seed/demo-dealer-ads.ts';
import { DEMO_OPERATOR, seedDemoOperator } from './seed/demo-operator.ts';
import { type Prepared, prepareDatabase, startServing } from './start.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    // A bad or missing setting: the message names each one (no stack trace to read through).
    console.error(`\n✖ ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  let prepared: Prepared;
  try {
    prepared = await prepareDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const { db, where, applied, seeded, recovered } = prepared;
  // A local product on its embedded database keeps its webhooks' key in its data directory when the environment
  // gives none, so the subscribers added in the console can still sign after a restart; with PostgreSQL (several
  // processes) the key must come from the environment, the same in each.
  if (!process.env.WEBHOOK_SECRETS_KEY && db.kind === 'pglite')
    config = { ...config, WEBHOOK_SECRETS_KEY: keptKey(config.DATA_DIR, 'webhook-secrets.key') };
  if (config.SEED_DEMO) {
    await seedDemoAccounts(db);
    await seedBrokers(db);
    await seedDemoOperator(db, new Date());
  }
  const demoAds = config.SEED_DEMO && config.SEED_DEMO_ADS ? await seedDemoAds(db, new Date()) : 0;
  if (config.SEED_DEMO && config.SEED_DEMO_DEALER_ADS) await seedDealerAds(db, new Date());
  const setupToken = config.OPERATOR_ADMIN_EMAIL
    ? await createFirstAdmin(db, config.OPERATOR_ADMIN_EMAIL, new Date())
    : null;
  // Listen on the three ports, with the graceful stop on SIGTERM (start.ts, platform/lifecycle/drain.ts).
  const { app, port } = await startServing(config, prepared);
  // The links the log prints are the public ones (public-origins.ts), as the product's own links are.
  const { origins } = app;
  const site = origins.site();
  const lines = [
    '',
    `  Ready: http://localhost:${port}`,
    site === `http://localhost:${port}` ? '' : `  Site: ${site}`,
    `  Video host: ${origins.video()}`,
    app.paymentHost
      ? `  Payment sandbox: ${origins.payment()}`
      : `  Payments: PayPlus at ${config.PAYPLUS_API_BASE}, its pages at ${config.PAYPLUS_PAGE_ORIGIN}`,
    `  Database: ${where}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}`,
    `  Outside services: e-mail ${config.MAIL_PROVIDER}, SMS and calls ${config.SMS_PROVIDER}, payments ${config.PAYMENT_PROVIDER}, vehicle registry ${config.VEHICLE_REGISTRY}`,
    [config.MAIL_PROVIDER, config.SMS_PROVIDER, config.PAYMENT_PROVIDER, config.VEHICLE_REGISTRY].some(
      (p) => p === 'sandbox' || p === 'sample',
    )
      ? '  (sandbox and sample are local stand-ins for a demo; a deployment sets REQUIRE_REAL_PROVIDERS=true)'
      : '',
    recovered.jobs || recovered.files
      ? `  After a crash: ${recovered.jobs} interrupted jobs due again, ${recovered.files} unreferenced photo files removed`
      : '',
    seeded ? `  Seeded ${seeded.localities} localities and ${seeded.streets} streets` : '',
    demoAds > 0 ? `  Published ${demoAds} demo ads on the board: /board` : '',
    sandboxesEnabled(config)
      ? `  E-mail sandbox outbox: ${site}/sandbox/outbox?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) && config.SMS_PROVIDER === 'sandbox'
      ? `  SMS/voice sandbox outbox: ${site}/sandbox/phones?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) && config.PAYMENT_PROVIDER === 'sandbox'
      ? `  Payment sandbox admin: ${site}/sandbox/payments?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) ? `  Sandbox key (header x-sandbox-key): ${config.SANDBOX_KEY}` : '',
    config.SEED_DEMO ? '  Demo accounts:' : '',
    ...(config.SEED_DEMO
      ? DEMO_ACCOUNTS.map((a) => `    ${a.role}: ${a.email} / ${a.password} (verified phone ${formatPhone(a.phone)})`)
      : []),
    config.SEED_DEMO
      ? `  Demo operator (${site}/operator): ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}, authenticator secret ${DEMO_OPERATOR.totpSecret}`
      : '',
    setupToken
      ? `  Operator console: set the first admin's password and authenticator (once, within 24 hours): ${site}/operator/setup?token=${setupToken}`
      : '',
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
