import { Link } from '../routing/index.ts';

/** One way on from a page: where it goes, what it says, and whether it is the page's main way on. */
export interface LinkItem {
  to: string;
  text: string;
  primary?: boolean;
}

/** The ways on from a message or finish page, as buttons: the main one first and filled, the others outlined. */
export function LinkList({ links }: { links: readonly (LinkItem | false | null | undefined)[] }) {
  return (
    <ul className="link-list">
      {links.map(
        (link) =>
          link && (
            <li key={link.to}>
              <Link to={link.to} className={link.primary ? 'btn btn--primary' : 'btn btn--secondary'}>
                {link.text}
              </Link>
            </li>
          ),
      )}
    </ul>
  );
}
