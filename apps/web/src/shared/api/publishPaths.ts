/** The publish calls' paths, shared with the server (it names a wizard page's first GETs in the page's HTML). */
export { draftPath, fieldsPath } from '@app/contract/publishPaths';
