import { useEffect } from 'react';

/** The one way a page sets the document title. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
