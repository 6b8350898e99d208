import './adPage.css';

export { enhanceAdPage } from './enhance.ts';
