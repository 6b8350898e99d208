/**
 * The rich alert message (after-save-area.md §3 "Alert message: type, message, titleMessage, image, postfix (text,
 * icon, href, toolTip)"): what a server answer says to the user as an alert box. The web app shows it with one
 * component (shared/ui Alert); the texts are Hebrew from the server.
 */

export const ALERT_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The icons a postfix may name (the web app draws them). */
export const ALERT_ICONS = ['edit', 'arrow', 'phone', 'info'] as const;
export type AlertIcon = (typeof ALERT_ICONS)[number];

/** What follows the message: a link (or a plain text) with an icon and a tooltip that explains it. */
export interface AlertPostfix {
  text: string;
  icon?: AlertIcon;
  /** A path of the product ('/edit/123') or an address the browser may open. */
  href?: string;
  toolTip?: string;
}

export interface AlertMessage {
  type: AlertType;
  message: string;
  titleMessage?: string;
  /** The address of a picture beside the text (decorative: the text says it all). */
  image?: string;
  postfix?: AlertPostfix;
}

/** An error or a warning interrupts (role alert); news and success wait their turn (role status). */
export const alertRole = (type: AlertType): 'alert' | 'status' =>
  type === 'error' || type === 'warning' ? 'alert' : 'status';
