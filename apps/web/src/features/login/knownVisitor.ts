/**
 * The login states (publish-wizard.md §4 "Login states: unknown, known, logged in"): a visitor who signed in on
 * this browser before and is signed out now is *known*: the login form greets them by first name with their e-mail
 * filled in, and 'לא {name}?' forgets them. Only the first name and the e-mail are kept (localStorage), never a
 * password or a token; a browser that keeps nothing simply has no known visitors.
 */
export interface KnownVisitor {
  firstName: string;
  email: string;
}

export type LoginState = 'unknown' | 'known' | 'loggedIn';

const KEY = 'known-visitor';

export function knownVisitor(): KnownVisitor | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<KnownVisitor> | null;
    if (!stored || typeof stored.email !== 'string' || !stored.email) return null;
    return { firstName: typeof stored.firstName === 'string' ? stored.firstName : '', email: stored.email };
  } catch {
    return null;
  }
}

/** After a sign-in or a registration on this browser. */
export function rememberVisitor(visitor: KnownVisitor): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ firstName: visitor.firstName, email: visitor.email }));
  } catch {
    // Storage refused: the visitor stays unknown.
  }
}

/** 'לא {name}?': someone else is signing in here. */
export function forgetVisitor(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

export function loginStateOf(signedIn: boolean, known: KnownVisitor | null): LoginState {
  if (signedIn) return 'loggedIn';
  return known ? 'known' : 'unknown';
}
