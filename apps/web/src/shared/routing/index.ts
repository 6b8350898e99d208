export { preloadable, useLoaded, whenIdle } from './preloadable.ts';
export {
  type AppLocation,
  AppRouter,
  assignLocation,
  Layout,
  Link,
  leaveEntry,
  Outlet,
  Route,
  RouteBoundary,
  Switch,
  useBackRedirect,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './routing.tsx';
export { continuePath, readGivenUrl, sameOriginPath } from './safeUrl.ts';
