import { heContact as t } from '../../shared/i18n/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { LOGIN_CODES, LoginForm } from '../login/index.ts';
import './contact.css';

/**
 * The contact step for a visitor (publish-wizard.md §2 login area): log in or register inside the step.
 * On success the customer is fetched again; the wizard then fetches the contact area with the new customer's details.
 * Nothing typed in the earlier steps is lost: the form's values stay in the page.
 */
export function ContactLogin() {
  const { refetch } = useCustomer();
  return (
    <div className="contact-login" data-testid="contact-login">
      <h3 className="contact-login__title">{t.visitorHeading}</h3>
      <p className="contact-login__lead">{t.visitorLead}</p>
      <LoginForm
        initialStep="signIn"
        onCode={(code) => {
          if (code === LOGIN_CODES.loginSuccess || code === LOGIN_CODES.registerSuccess) void refetch();
        }}
      />
    </div>
  );
}
