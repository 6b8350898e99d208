import { describe, expect, it } from 'vitest';
import {
  type FieldName,
  initialLoginFormState,
  type LoginFormEvent,
  type LoginFormState,
  loginFormReducer,
  validateStep,
  visibleFields,
} from './loginFormMachine.ts';

const run = (state: LoginFormState, ...events: LoginFormEvent[]) => events.reduce(loginFormReducer, state);
const edit = (field: FieldName, value: string): LoginFormEvent => ({ type: 'edit', field, value });

describe('sign in', () => {
  it("marks empty username and password 'required' and focuses the first", () => {
    const state = run(initialLoginFormState(), { type: 'submit' });
    expect(state.errors).toEqual({ username: { kind: 'required' }, password: { kind: 'required' } });
    expect(state.focus?.field).toBe('username');
    expect(state.busy).toBe(false);
  });

  it('treats blank text as empty and clears a field error on typing', () => {
    let state = run(initialLoginFormState(), edit('username', '   '), { type: 'submit' });
    expect(state.errors.username).toEqual({ kind: 'required' });
    state = run(state, edit('username', 'a@b.co'));
    expect(state.errors.username).toBeUndefined();
    expect(state.errors.password).toEqual({ kind: 'required' });
  });

  it('goes busy when the fields are filled', () => {
    const state = run(initialLoginFormState(), edit('username', 'a@b.co'), edit('password', 'x'), { type: 'submit' });
    expect(state.busy).toBe(true);
    expect(validateStep(state)).toEqual({});
  });

  it('shows the first server error under its field and focuses it', () => {
    const filled = run(initialLoginFormState(), edit('username', 'a@b.co'), edit('password', 'x'), { type: 'submit' });
    const state = run(filled, {
      type: 'signInFailed',
      errors: [
        { msg: 'סיסמה שגויה', fieldName: 'password' },
        { msg: 'other', fieldName: 'username' },
      ],
    });
    expect(state.errors).toEqual({ password: { kind: 'server', text: 'סיסמה שגויה' } });
    expect(state.focus?.field).toBe('password');
    expect(state.busy).toBe(false);
  });

  it('shows the captcha after a 429 and maps fieldName captcha to its input', () => {
    const captcha = { id: 'c1', url: '/api/captcha/c1.svg' };
    let state = run(initialLoginFormState(), {
      type: 'signInFailed',
      errors: [{ msg: 'יותר מדי ניסיונות', fieldName: 'username' }],
      captcha,
    });
    expect(state.captcha).toEqual(captcha);
    expect(visibleFields(state)).toContain('captchaAnswer');
    state = run(state, edit('username', 'a'), edit('password', 'b'), { type: 'submit' });
    expect(state.errors).toEqual({ captchaAnswer: { kind: 'required' } });
    state = run(
      state,
      edit('captchaAnswer', 'abcd'),
      { type: 'submit' },
      {
        type: 'signInFailed',
        errors: [{ msg: 'הקוד שגוי', fieldName: 'captcha' }],
        captcha: { id: 'c2', url: '/c2' },
      },
    );
    expect(state.errors).toEqual({ captchaAnswer: { kind: 'server', text: 'הקוד שגוי' } });
    expect(state.values.captchaAnswer).toBe('');
    expect(state.captcha?.id).toBe('c2');
  });

  it('puts an error of an unknown field, or a network failure, under the form', () => {
    const a = run(initialLoginFormState(), { type: 'signInFailed', errors: [{ msg: 'חסום', fieldName: 'account' }] });
    expect(a.formMessage).toEqual({ kind: 'server', text: 'חסום' });
    const b = run(initialLoginFormState(), { type: 'signInFailed', errors: [], network: true });
    expect(b.formMessage).toEqual({ kind: 'network' });
  });
});

describe('moves', () => {
  it('signIn goes to signUp and forgetPass; those go back to signIn', () => {
    expect(run(initialLoginFormState(), { type: 'go', step: 'signUp' }).step).toBe('signUp');
    expect(run(initialLoginFormState(), { type: 'go', step: 'forgetPass' }).step).toBe('forgetPass');
    expect(run(initialLoginFormState('signUp'), { type: 'go', step: 'signIn' }).step).toBe('signIn');
    expect(run(initialLoginFormState('signUp'), { type: 'go', step: 'forgetPass' }).step).toBe('signUp');
  });

  it('carries the typed e-mail to forgetPass', () => {
    const state = run(initialLoginFormState(), edit('username', 'a@b.co'), { type: 'go', step: 'forgetPass' });
    expect(state.values.EmailForgetPass).toBe('a@b.co');
  });

  it('register requires every field', () => {
    const state = run(initialLoginFormState('signUp'), { type: 'submit' });
    expect(Object.keys(state.errors)).toEqual(['firstname', 'lastname', 'username', 'password', 'passwordAgain']);
    expect(state.focus?.field).toBe('firstname');
  });
});

describe('password recovery', () => {
  const atForget = () =>
    run(initialLoginFormState('forgetPass'), edit('EmailForgetPass', 'a@b.co'), { type: 'submit' });

  it('forgetPass error 0 goes to confirmCode', () => {
    const state = run(atForget(), { type: 'forgetPassAnswered', error: 0, message: '' });
    expect(state.step).toBe('confirmCode');
    expect(state.values.EmailForgetPass).toBe('a@b.co');
    expect(state.focus?.field).toBe('confirmCodePass');
  });

  it('forgetPass error 1 shows the message under the form and the captcha when asked', () => {
    const state = run(atForget(), {
      type: 'forgetPassAnswered',
      error: 1,
      message: 'נא להקליד את הקוד',
      captcha: { id: 'k', url: '/k' },
    });
    expect(state.step).toBe('forgetPass');
    expect(state.formMessage).toEqual({ kind: 'server', text: 'נא להקליד את הקוד' });
    expect(visibleFields(state)).toEqual(['EmailForgetPass', 'captchaAnswer']);
  });

  const atConfirm = () =>
    run(atForget(), { type: 'forgetPassAnswered', error: 0, message: '' }, edit('confirmCodePass', '12345'), {
      type: 'submit',
    });

  it('confirmCode error 0 goes to newPassState and keeps custID and resetToken', () => {
    const state = run(atConfirm(), {
      type: 'confirmCodeAnswered',
      error: 0,
      message: '',
      attempts: 0,
      custID: 7,
      resetToken: 't',
    });
    expect(state.step).toBe('newPassState');
    expect(state.recovery).toEqual({ custID: 7, resetToken: 't' });
  });

  it('confirmCode error 1 stays and shows the message', () => {
    const state = run(atConfirm(), { type: 'confirmCodeAnswered', error: 1, message: 'קוד שגוי', attempts: 4 });
    expect(state.step).toBe('confirmCode');
    expect(state.formMessage).toEqual({ kind: 'server', text: 'קוד שגוי' });
    expect(state.values.confirmCodePass).toBe('12345');
  });

  it('after 5 attempts goes back to forgetPass and clears the code', () => {
    const state = run(atConfirm(), { type: 'confirmCodeAnswered', error: 1, message: 'הקוד בוטל', attempts: 5 });
    expect(state.step).toBe('forgetPass');
    expect(state.values.confirmCodePass).toBe('');
    expect(state.values.EmailForgetPass).toBe('a@b.co');
    expect(state.formMessage).toEqual({ kind: 'server', text: 'הקוד בוטל' });
  });

  it('new password error 0 stays busy for the automatic login; error 1 shows the message', () => {
    const atNew = run(
      atConfirm(),
      { type: 'confirmCodeAnswered', error: 0, message: '', attempts: 0, custID: 7, resetToken: 't' },
      edit('newPass', 'abc123'),
      edit('renewPass', 'abc123'),
      { type: 'submit' },
    );
    expect(run(atNew, { type: 'newPassAnswered', error: 0, message: '' }).busy).toBe(true);
    const failed = run(atNew, { type: 'newPassAnswered', error: 1, message: 'הסיסמאות אינן תואמות' });
    expect(failed.busy).toBe(false);
    expect(failed.formMessage).toEqual({ kind: 'server', text: 'הסיסמאות אינן תואמות' });
  });
});
