export { ContactLogin } from './ContactLogin.tsx';
export { PhoneField } from './PhoneField.tsx';
export { VirtualNumberCheckbox } from './VirtualNumberCheckbox.tsx';
