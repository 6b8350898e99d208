export { PublishPage } from './publish/PublishPage.tsx';
