import { createContext, useContext } from 'react';

/**
 * Whether the app has a page for an in-app link (a path with its query and hash). Links the
 * server hands out (a notification's, a request's subject) may point at a screen not built yet:
 * shown as plain text then, so nobody lands on the not-found page from inside the app. The app
 * provides the answer from its routes (app.tsx); without a provider every link counts as built.
 */
export type HasPage = (link: string) => boolean;

export const PageAvailability = createContext<HasPage>(() => true);

export const useHasPage = (): HasPage => useContext(PageAvailability);
