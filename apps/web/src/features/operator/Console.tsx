/**
 * The console once signed in: who is signed in and in what role, sign out, the navigation of the member's sections,
 * and the section the address names (sections.ts): moderation and its cases, customers and an account, the
 * contact-us inbox, payments and a payment, the analysts' numbers, and the admin's rules, staff and audit log.
 * /operator alone goes to the member's first section; a section outside their role says so and loads nothing.
 */
import { useEffect, useRef } from 'react';
import { type StaffMember, type StaffRole, staffLogout } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { Link, useLocation, useNavigate } from '../../shared/routing/index.ts';
import { Analytics } from './Analytics.tsx';
import { AuditLog } from './AuditLog.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import { CustomerPage } from './CustomerPage.tsx';
import { Finance } from './Finance.tsx';
import { Inbox } from './Inbox.tsx';
import { Leads } from './Leads.tsx';
import { Moderation } from './Moderation.tsx';
import { ModerationRules } from './ModerationRules.tsx';
import { PaymentPage } from './PaymentPage.tsx';
import { StaffAdmin } from './StaffAdmin.tsx';
import { SupportSearch } from './SupportSearch.tsx';
import {
  addressOf,
  CONSOLE_PATH,
  type ConsoleAddress,
  homeOf,
  mayOpen,
  numberOf,
  type Section,
  sectionPath,
} from './sections.ts';
import { Webhooks } from './Webhooks.tsx';

const t = heOperator;

export function Console(props: { staff: StaffMember; onLoggedOut: () => void }) {
  const { staff } = props;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const address = addressOf(pathname);
  const section = address.kind === 'section' ? address.section : null;
  const home = homeOf(staff.role);

  // /operator alone, or the setup link's page once set up: the member's first section, in this entry's place.
  useEffect(() => {
    if (address.kind === 'home') navigate(home, { replace: true });
  }, [address.kind, home, navigate]);

  usePageTitle(titleOf(address, staff.role));

  // Another section shown: the focus goes to its content, where a screen reader then starts (not on the first
  // screen, nor when only the case, payment or customer within a section changes).
  const main = useRef<HTMLElement>(null);
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    if (shown.current !== null) main.current?.focus();
    shown.current = section;
  }, [section]);

  const logout = async () => {
    await staffLogout();
    props.onLoggedOut();
    // The next sign-in starts at its own member's first section, not at this one's last address.
    navigate(CONSOLE_PATH, { replace: true });
  };

  return (
    <div className="console">
      <header className="operator__bar console__bar">
        <h1 className="console__title">{t.title}</h1>
        <p className="operator__who">
          <span className="operator__name">{t.hello(staff.name)}</span>
          <span>
            {t.roleLabel}: {t.roles[staff.role]}
          </span>
        </p>
        <button type="button" className="btn btn--secondary" onClick={() => void logout()}>
          {t.logout}
        </button>
      </header>
      <ConsoleNav role={staff.role} current={section} />
      <main id="main" className="console__main" tabIndex={-1} ref={main}>
        {address.kind === 'unknown' && <NotFound home={home} />}
        {address.kind === 'section' &&
          (mayOpen(staff.role, address.section) ? (
            <SectionScreen section={address.section} item={address.item} />
          ) : (
            <NoAccess role={staff.role} home={home} />
          ))}
      </main>
    </div>
  );
}

/** The page's title: the section's name, or what an item's page shows, or why nothing is shown. */
function titleOf(address: ConsoleAddress, role: StaffRole): string {
  if (address.kind === 'home') return t.title;
  if (address.kind === 'unknown') return t.pageTitle(t.notFoundTitle);
  if (!mayOpen(role, address.section)) return t.pageTitle(t.noAccessTitle);
  if (address.item !== null && address.section === 'customers') return t.pageTitle(t.customerPage);
  if (address.item !== null && address.section === 'finance') return t.pageTitle(t.finance.paymentTitle);
  return t.pageTitle(t.sections[address.section]);
}

/** The screen of a section the member may open; an item's page when the address names one. */
function SectionScreen({ section, item }: { section: Section; item: string | null }) {
  const navigate = useNavigate();
  switch (section) {
    case 'moderation':
      return (
        <Moderation
          caseId={item === null ? null : numberOf(item)}
          onCase={(id) => navigate(sectionPath('moderation', id ?? undefined), { replace: true })}
        />
      );
    case 'customers':
      return item === null ? <SupportSearch /> : <CustomerPage key={item} id={Number(item)} />;
    case 'finance':
      return item === null ? <Finance /> : <PaymentPage key={item} publicId={item} />;
    case 'inbox':
      return <Inbox />;
    case 'leads':
      return <Leads />;
    case 'analytics':
      return <Analytics />;
    case 'rules':
      return <ModerationRules />;
    case 'staff':
      return <StaffAdmin />;
    case 'webhooks':
      return <Webhooks />;
    case 'audit':
      return <AuditLog />;
  }
}

/** A section outside the member's role: said in Hebrew, nothing of it loaded. */
function NoAccess({ role, home }: { role: StaffRole; home: string }) {
  return (
    <section className="operator__section console__message" aria-labelledby="no-access-title" data-testid="no-access">
      <h2 id="no-access-title">{t.noAccessTitle}</h2>
      <p>{t.noAccessText(t.roles[role])}</p>
      <Link to={home} className="btn btn--primary">
        {t.toHome}
      </Link>
    </section>
  );
}

/** An address under /operator that names no screen. */
function NotFound({ home }: { home: string }) {
  return (
    <section className="operator__section console__message" aria-labelledby="not-found-title" data-testid="not-found">
      <h2 id="not-found-title">{t.notFoundTitle}</h2>
      <p>{t.notFoundText}</p>
      <Link to={home} className="btn btn--primary">
        {t.toHome}
      </Link>
    </section>
  );
}
