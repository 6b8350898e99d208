export { CustomerProvider, fullName, isLoggedIn, useCustomer } from './CustomerContext.tsx';
