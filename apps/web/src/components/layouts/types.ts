import type { ReactNode } from 'react';

export interface LayoutProps {
  children: ReactNode;
}

/** A layout with the app header. */
export interface HeaderLayoutProps extends LayoutProps {
  /**
   * The signed-in user's controls at the header's end (notifications, user menu): features, so the layout
   * route passes them in (pages/HeaderActions.tsx) and components/ stays free of features.
   */
  headerActions: ReactNode;
}
