export { LoginForm } from './LoginForm.tsx';
export { LoginPopupProvider, useOpenLogin } from './LoginPopupContext.tsx';
export { LOGIN_CODES } from './loginPopupMachine.ts';
