/**
 * The app's routing, the only module that knows the router library (wouter: route matching, params, Link).
 * History (entries with state and keys, push/replace, back redirects) is our own store (`history.ts`), given to
 * wouter as its location hooks. Screens import from here: useNavigate, useLocation, useSearchParams, useParams,
 * Link, Outlet; the route table (router.tsx) also uses AppRouter, Route, Switch, Layout and RouteBoundary.
 */
import { Component, createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { Router } from 'wouter';
import {
  type AppLocation,
  type BackRedirect,
  createHistoryStore,
  type HistoryHost,
  type HistoryStore,
  type NavigateOptions,
  type To,
} from './history.ts';

export { Link, Route, Switch, useParams, useSearchParams } from 'wouter';
export type { AppLocation, NavigateOptions, To } from './history.ts';

// Made on first use: modules that import this one also run in unit tests without a window.
let created: HistoryStore | null = null;
const store = () => {
  // window.navigation (the Navigation API, not in TypeScript's DOM types yet) is read where the browser has it.
  created ??= createHistoryStore(window as Window & Pick<HistoryHost, 'navigation'>);
  return created;
};

const subscribe = (listener: () => void) => store().subscribe(listener);
const current = () => store().location();
const navigate = (to: To, options?: NavigateOptions) => store().navigate(to, options);
const wouterLocation = (): [string, typeof navigate] => [
  useSyncExternalStore(subscribe, () => current().pathname),
  navigate,
];
const wouterSearch = () => useSyncExternalStore(subscribe, () => current().search);

/** Routes below it match the store's location; wouter's Link and useSearchParams navigate through the store. */
export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={wouterLocation} searchHook={wouterSearch}>
      {children}
    </Router>
  );
}

/** The current history entry: pathname, search (with '?'), hash, the state navigate() gave it, its key. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, current);
}

/** navigate(to, { replace, state }): `to` is a path, or { pathname?, search?, hash? } (no pathname: this page). */
export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  return navigate;
}

/**
 * While mounted, a browser back from this page's current entry goes where `redirect` answers instead (the store
 * returns to the entry and replaces it, before anything renders); null lets the back happen.
 */
export function useBackRedirect(redirect: BackRedirect): void {
  const ref = useRef(redirect);
  ref.current = redirect;
  useEffect(() => store().redirectBack((from, to) => ref.current(from, to)), []);
}

/**
 * Pops the current entry if `matches` it (a closed popup's own entry; shared/popups/popupHistory.ts), after this task;
 * navigations asked for meanwhile run after the pop has landed. Returns the cancel (a StrictMode remount).
 */
export function leaveEntry(matches: (location: AppLocation) => boolean, done?: () => void): () => void {
  return store().leave(matches, done);
}

/** Loads another document (location.assign) after the pending popup pops, so none of them cancels the load. */
export function assignLocation(url: string): void {
  store().afterPendingPops(() => window.location.assign(url));
}

const OutletContext = createContext<ReactNode>(null);

/** Renders `element` (a layout) with `children` as what its <Outlet /> shows. */
export function Layout({ element, children }: { element: ReactNode; children: ReactNode }) {
  return <OutletContext.Provider value={children}>{element}</OutletContext.Provider>;
}

/** Where a layout shows the matched page. */
export function Outlet() {
  return useContext(OutletContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** The entry's key: another navigation renders the children again. */
  entry: string;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; entry: string }> {
  override state = { failed: false, entry: this.props.entry };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { entry: string }) {
    return props.entry === state.entry ? null : { failed: false, entry: props.entry };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A route's error boundary (react-router's errorElement): a render error below it, or a lazy page whose chunk
 * fails to load, shows `fallback` until the next navigation.
 */
export function RouteBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <Boundary fallback={fallback} entry={key}>
      {children}
    </Boundary>
  );
}
