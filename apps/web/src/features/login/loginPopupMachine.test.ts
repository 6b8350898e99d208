import { describe, expect, it } from 'vitest';
import { initialLoginPopupState, LOGIN_CODES, loginPopupReducer } from './loginPopupMachine.ts';

describe('loginPopupReducer', () => {
  it('moves between views on 005, 006 and 001', () => {
    let state = initialLoginPopupState();
    state = loginPopupReducer(state, '006');
    expect(state.view).toBe('register');
    state = loginPopupReducer(state, '001');
    expect(state.view).toBe('forgotPassword');
    state = loginPopupReducer(state, '005');
    expect(state.view).toBe('login');
    expect(state.status).toBe('open');
  });

  it.each([LOGIN_CODES.loginSuccess, LOGIN_CODES.registerSuccess, LOGIN_CODES.forgotPasswordSuccess])(
    'succeeds on %s',
    (code) => {
      const state = loginPopupReducer(initialLoginPopupState('register'), code);
      expect(state).toEqual({ view: 'register', status: 'succeeded', successCode: code });
    },
  );

  it.each(['000', '007', '', 'login', '02', '0050'])('ignores the unknown code %j', (code) => {
    const state = initialLoginPopupState('forgotPassword');
    expect(loginPopupReducer(state, code)).toBe(state);
  });

  it('ignores codes after success', () => {
    const done = loginPopupReducer(initialLoginPopupState(), '002');
    expect(loginPopupReducer(done, '006')).toBe(done);
  });

  it('opens on the requested view', () => {
    expect(initialLoginPopupState('register').view).toBe('register');
  });
});
