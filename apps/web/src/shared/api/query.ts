/** Query strings of the publish calls (shared with the server: @app/contract/publishPaths). */
export { type QueryValue, toQuery, withQuery } from '@app/contract/publishPaths';
