import { createContext, useContext } from 'react';

/** True inside the signed-in shell, which already renders the page's <main> landmark. */
export const InShellContext = createContext(false);
export const useInShell = () => useContext(InShellContext);
