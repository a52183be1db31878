import { useEffect } from 'react';
import { useStoreSettings } from '../api/hooks';

/** Sets document.title to "{page} | {site name}". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { data } = useStoreSettings();
  const site = data?.siteName || 'Bakje';
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
}
