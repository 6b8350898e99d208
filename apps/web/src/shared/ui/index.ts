export { Alert } from './Alert.tsx';
export { BdiText } from './BdiText.tsx';
export { type LinkItem, LinkList } from './LinkList.tsx';
export { HomeLogo, Logo } from './Logo.tsx';
export { default as NotFoundPage } from './NotFoundPage.tsx';
export { PageFallback } from './PageFallback.tsx';
export { SelectField } from './SelectField.tsx';
export { TextField } from './TextField.tsx';
